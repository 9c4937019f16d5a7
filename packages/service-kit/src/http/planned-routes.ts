import type { Express } from 'express';
import { errorCodes, type ApiRoute } from '@noek/contracts';
import { DomainError } from '../errors/domain-error';

/**
 * Registers routes the contracts already name but whose capability has not shipped yet: each answers 501
 * with a plain message instead of a misleading 404, so clients and the UI can say so honestly.
 */
export function registerPlannedRoutes(app: Express, routes: readonly ApiRoute[], message: string): void {
  for (const r of routes) {
    const method = r.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    app[method](r.path, () => {
      throw new DomainError(errorCodes.notAvailableYet, 501, message);
    });
  }
}
