export { adminService } from './service';
