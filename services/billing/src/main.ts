// Process entry: the billing service on its own, on real PostgreSQL and NATS (see @noek/runtime).
import { runServiceProcess } from '@noek/runtime';
import { billingService } from './definition';

await runServiceProcess(billingService);
