// Process entry: the template service on its own, on real PostgreSQL and NATS (see @noek/runtime).
import { runServiceProcess } from '@noek/runtime';
import { templateService } from './definition';

await runServiceProcess(templateService);
