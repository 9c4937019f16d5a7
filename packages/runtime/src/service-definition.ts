// The service definition lives in @noek/service-kit (defineService); the run modes here drive it.
export {
  defineService,
  type Env,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceInstance,
} from '@noek/service-kit';
