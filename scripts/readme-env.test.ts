/**
 * The README's environment table must stay true: every variable any app's config schema reads is listed.
 * (Services, gateway, runtime, scripts and the browser tests each own one schema; nothing else reads env.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { gatewayEnvSchema } from '@noek/gateway';
import { authEnvSchema } from '@noek/auth';
import { chatEnvSchema } from '../services/chat/src/config';
import { adminEnvSchema } from '../services/admin/src/config';
import { billingEnvSchema } from '../services/billing/src/config';
import { embeddedSchema, runtimeSchema } from '../packages/runtime/src/config';
import { e2eEnvSchema } from '../e2e/config';
import { scriptEnvSchema } from './lib/config';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const schemas: Record<string, z.ZodObject> = {
  gateway: gatewayEnvSchema,
  auth: authEnvSchema,
  chat: chatEnvSchema,
  admin: adminEnvSchema,
  billing: billingEnvSchema,
  runtime: runtimeSchema,
  embedded: embeddedSchema,
  e2e: e2eEnvSchema,
  scripts: scriptEnvSchema,
};

describe('README environment table', () => {
  for (const [app, schema] of Object.entries(schemas)) {
    it(`lists every variable ${app} reads`, () => {
      const missing = Object.keys(schema.shape).filter((key) => !readme.includes(`\`${key}\``));
      expect(missing).toEqual([]);
    });
  }
});
