import {
  apiRoutes,
  type AccessLevel,
  type PlanSettings,
  type SharingSetting,
  type UpdatePlanRequest,
} from '@noek/contracts';
import { api } from '@noek/ui';

export const plansApi = {
  list: async (): Promise<PlanSettings[]> => (await api(apiRoutes.admin.plans)).plans,
  update: async (level: AccessLevel, body: UpdatePlanRequest): Promise<PlanSettings> =>
    (await api(apiRoutes.admin.updatePlan, { params: { level }, body })).plan,
  sharing: async (): Promise<SharingSetting> => (await api(apiRoutes.admin.sharing)).sharing,
  updateSharing: async (enabled: boolean): Promise<SharingSetting> =>
    (await api(apiRoutes.admin.updateSharing, { body: { enabled } })).sharing,
};
