CREATE TABLE "invitation_purifiers" (
	"invitation_id" text NOT NULL,
	"purifier_id" text NOT NULL,
	CONSTRAINT "invitation_purifiers_invitation_id_purifier_id_pk" PRIMARY KEY("invitation_id","purifier_id")
);
--> statement-breakpoint
CREATE TABLE "invitation_sensors" (
	"invitation_id" text NOT NULL,
	"sensor_id" text NOT NULL,
	CONSTRAINT "invitation_sensors_invitation_id_sensor_id_pk" PRIMARY KEY("invitation_id","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"email" text NOT NULL,
	"recipient_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"lang" text DEFAULT 'fr' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" IN ('pending', 'accepted', 'refused', 'withdrawn', 'revoked', 'left'))
);
--> statement-breakpoint
ALTER TABLE "invitation_purifiers" ADD CONSTRAINT "invitation_purifiers_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_purifiers" ADD CONSTRAINT "invitation_purifiers_purifier_id_purifiers_id_fk" FOREIGN KEY ("purifier_id") REFERENCES "public"."purifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_sensors" ADD CONSTRAINT "invitation_sensors_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_sensors" ADD CONSTRAINT "invitation_sensors_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_purifiers_purifier_idx" ON "invitation_purifiers" USING btree ("purifier_id");--> statement-breakpoint
CREATE INDEX "invitation_sensors_sensor_idx" ON "invitation_sensors" USING btree ("sensor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_live_key" ON "invitations" USING btree ("sender_id","email") WHERE status IN ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "invitations_recipient_idx" ON "invitations" USING btree ("recipient_id","status");--> statement-breakpoint
CREATE INDEX "invitations_unclaimed_email_idx" ON "invitations" USING btree ("email") WHERE recipient_id IS NULL AND status = 'pending';