import {
  apiRoutes,
  type AdminProvider,
  type CreateProviderRequest,
  type UpdateProviderRequest,
} from '@noek/contracts';
import { api } from '@noek/ui';

export const providersApi = {
  list: async (): Promise<AdminProvider[]> => (await api(apiRoutes.admin.providers)).providers,
  create: async (body: CreateProviderRequest): Promise<AdminProvider> =>
    (await api(apiRoutes.admin.createProvider, { body })).provider,
  update: async (providerId: string, body: UpdateProviderRequest): Promise<AdminProvider> =>
    (await api(apiRoutes.admin.updateProvider, { params: { providerId }, body })).provider,
  remove: async (providerId: string): Promise<void> => {
    await api(apiRoutes.admin.deleteProvider, { params: { providerId } });
  },
};
