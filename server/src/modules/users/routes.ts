import { Router } from 'express';
import { userListQuerySchema, userUpdateSchema, userWriteSchema } from '@aircloud/shared/users';
import type { AppContext } from '../../context.ts';
import { isStoredUlid } from '@aircloud/shared/ids';
import { AppError } from '@aircloud/core/errors';
import { currentUser, requireAuth, requireRole } from '../../http/authenticate.ts';
import { iri } from '@aircloud/core/jsonld';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import { userPresenter } from './presenter.ts';
import * as users from './service.ts';

/** The `:ulid` path parameter; 404 when it cannot be a user id. */
function ulidParam(value: unknown): string {
  if (!isStoredUlid(value)) throw new AppError(404, 'not_found');
  return value;
}

/** User administration (admins) and one's own record, mounted at /api/users. */
export function userRoutes(ctx: AppContext): Router {
  const router = Router();
  const admin = requireRole('ROLE_ADMIN');

  router.get('/', admin, async (req, res) => {
    res.json(await users.listUsers(ctx, userListQuerySchema.parse(req.query)));
  });

  router.post('/', admin, async (req, res) => {
    const user = await users.createUser(ctx, currentUser(req), parseBody(userWriteSchema, req));
    res.status(201).location(iri('users', user.id)).json(userPresenter(user));
  });

  router.get('/:ulid', requireAuth, async (req, res) => {
    res.json(userPresenter(await users.getUser(ctx, currentUser(req), ulidParam(req.params.ulid))));
  });

  router.put('/:ulid', requireAuth, async (req, res) => {
    const id = ulidParam(req.params.ulid);
    const input = parseBody(userUpdateSchema, req);
    res.json(userPresenter(await users.updateUser(ctx, currentUser(req), id, input)));
  });

  router.delete('/:ulid', admin, async (req, res) => {
    await users.deleteUser(ctx, currentUser(req), ulidParam(req.params.ulid));
    res.status(204).end();
  });

  return router;
}
