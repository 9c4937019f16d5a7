/**
 * Starts the whole product once for the browser journeys: every service and the gateway as separate
 * processes on the real PostgreSQL (a fresh database) and NATS, each remote on its own static server,
 * and a local SMTP server that captures the mail the product sends.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProduct } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    controlUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The journeys run the built services (what production runs): rebuild whatever changed, in milliseconds
  // when nothing did.
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'build', 'build.mjs')], {
    stdio: 'inherit',
  });
  const product = await startProduct();
  project.provide('baseUrl', product.baseUrl);
  project.provide('mailboxUrl', product.mailboxUrl);
  project.provide('controlUrl', product.controlUrl);
  return () => product.stop();
}
