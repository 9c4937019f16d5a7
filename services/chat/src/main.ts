// Process entry: the chat service on its own, on real PostgreSQL and NATS (see @noek/runtime).
import { runServiceProcess } from '@noek/runtime';
import { chatService } from './definition';

await runServiceProcess(chatService);
