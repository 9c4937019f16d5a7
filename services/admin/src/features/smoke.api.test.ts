import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAdminStack, type AdminStack } from '../test/admin-stack';
import { rowOf, signInAdmin, signUp } from '../test/flows';

let stack: AdminStack;
beforeAll(async () => {
  stack = await startAdminStack();
});
afterAll(async () => {
  await stack?.close();
});

it('lists users', async () => {
  const admin = await signInAdmin(stack);
  const m = await signUp(stack, 'smoke');
  const row = await rowOf(admin.c, m.email);
  expect(row.accessLevel).toBe('basic');
});
