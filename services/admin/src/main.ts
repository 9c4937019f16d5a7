// Process entry: the admin service on its own, on real PostgreSQL and NATS (see @noek/runtime).
import { runServiceProcess } from '@noek/runtime';
import { adminService } from './definition';

await runServiceProcess(adminService);
