// The one QueryClient factory lives in @noek/ui (shared by the shell and every remote); this path is
// kept for the tests that import it from here.
export { createQueryClient } from '@noek/ui/query';
