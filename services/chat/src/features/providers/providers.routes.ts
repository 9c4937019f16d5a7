import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { listAvailableModels } from './list-available-models';
import { pickModel } from './pick-model';

/** The model picker: its list and the pick (contracts apiRoutes.conversations); before /api/conversations/:id. */
export function registerProviderRoutes(app: Express, ctx: ChatContext): void {
  contractRoute(app, apiRoutes.conversations.models, (_input, req) =>
    listAvailableModels(ctx, signedInUser(req)),
  );
  contractRoute(app, apiRoutes.conversations.pickModel, ({ params, body }, req) =>
    pickModel(ctx, signedInUser(req), params.id, body.model),
  );
}
