// npm run load:twin -- <name>: runs the local twin of a k6 scenario (load/twins/twins.ts lists them).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { twins, type TwinName } from './twins';

const name = process.argv[2] as TwinName | undefined;
if (!name || !(name in twins)) {
  console.log('npm run load:twin -- <name>\n');
  for (const [n, t] of Object.entries(twins)) console.log(`  ${n.padEnd(18)}${t.about}`);
  process.exit(name ? 1 : 0);
}
const file = fileURLToPath(new URL(`../${twins[name].file}`, import.meta.url));
const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
process.exit(r.status ?? 1);
