// Process entry: the auth service on its own, on real PostgreSQL and NATS (see @noek/runtime).
import { runServiceProcess } from '@noek/runtime';
import { authService } from './definition';

await runServiceProcess(authService);
