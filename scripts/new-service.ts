/**
 * `npm run new:service -- <name> <port>`: copies services/_template (a service type-checked and tested like
 * the others) to services/<name>, and its contract beside it, renamed (docs/adding-a-service.md).
 */
import { join } from 'node:path';
import { copyService, isServiceName } from './lib/copy-service';

const [name = '', portArg = ''] = process.argv.slice(2);
if (!isServiceName(name) || !/^\d{4,5}$/.test(portArg)) {
  console.error('usage: npm run new:service -- <name: lower-case letters/digits> <default port>');
  process.exit(2);
}
try {
  const { written, edited } = copyService({
    root: join(import.meta.dirname, '..'),
    name,
    port: Number(portArg),
  });
  console.log(`Written:\n${written.map((f) => `  ${f}`).join('\n')}\nEdited: ${edited.join(', ')}`);
  console.log(
    'Next: npm install (adds the workspace), npm run build -- --only="prisma clients", then docs/adding-a-service.md.',
  );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
