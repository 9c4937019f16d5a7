export { chatService } from './chat-service';
