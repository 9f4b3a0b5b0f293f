import { z } from 'zod';
import { userListQuerySchema, userUpdateSchema, userWriteSchema } from '@aircloud/shared/users';
import { documentRoute } from '../../openapi/registry.ts';
import { UlidParam, UserSchema, hydraCollection } from '../../openapi/schemas.ts';

const params = z.object({ ulid: UlidParam });
const UserCollection = hydraCollection(UserSchema, 'UserCollection');

documentRoute({
  method: 'get',
  path: '/api/users',
  operationId: 'listUsers',
  summary: 'List users',
  description:
    '20 per page (`page` from 1), or every user with `pagination=false`. `search` matches first ' +
    'name, last name, e-mail or company (case-insensitive); `role` filters on one role.',
  tags: ['users'],
  access: 'admin',
  query: userListQuerySchema,
  responses: { 200: { description: 'A hydra collection of users', schema: UserCollection } },
  errors: [422],
});
documentRoute({
  method: 'post',
  path: '/api/users',
  operationId: 'createUser',
  summary: 'Create a user',
  description:
    'With `new_password1`/`new_password2` the account is enabled; without, it is disabled and ' +
    'the user receives the activation mail. `avatar`: the `@id` of an uploaded media object.',
  tags: ['users'],
  access: 'admin',
  body: userWriteSchema,
  responses: { 201: { description: 'The created user', schema: UserSchema } },
  errors: [409],
});
documentRoute({
  method: 'get',
  path: '/api/users/{ulid}',
  operationId: 'getUser',
  summary: 'One user',
  description: 'Admins read anyone; a user reads their own record (403 otherwise).',
  tags: ['users'],
  access: 'user',
  params,
  responses: { 200: { description: 'The user', schema: UserSchema } },
  errors: [403, 404],
});
documentRoute({
  method: 'put',
  path: '/api/users/{ulid}',
  operationId: 'updateUser',
  summary: 'Update a user (fields sent are changed)',
  description:
    'Admins edit anyone. A user edits their own profile (firstname, lastname, phone, company, ' +
    'lang, avatar) but may send role, email and enabled only unchanged (403). Demoting or ' +
    'disabling the last admin answers 409 last_admin. Disabling ends the user\u2019s sessions.',
  tags: ['users'],
  access: 'user',
  params,
  body: userUpdateSchema,
  responses: { 200: { description: 'The updated user', schema: UserSchema } },
  errors: [403, 404, 409],
});
documentRoute({
  method: 'delete',
  path: '/api/users/{ulid}',
  operationId: 'deleteUser',
  summary: 'Delete a user',
  description:
    'Deletes the account with its sessions, API token and avatars. Nobody deletes themselves ' +
    '(403); the last admin cannot be deleted (409 last_admin).',
  tags: ['users'],
  access: 'admin',
  params,
  responses: { 204: 'Deleted' },
  errors: [404, 409],
});
