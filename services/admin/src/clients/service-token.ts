import jwt from 'jsonwebtoken';
import { SERVICE_TOKEN_TTL_SEC, SERVICE_TOKEN_TYP } from '@noek/contracts';

/** Mints the admin service's short-lived token for one downstream service (contracts common/service-token.ts). */
export function createServiceTokens(privateKeyPem: string) {
  const cache = new Map<string, { token: string; until: number }>();
  return (audience: 'auth' | 'chat'): string => {
    const now = Date.now();
    const hit = cache.get(audience);
    if (hit && hit.until > now) return hit.token;
    const token = jwt.sign({ typ: SERVICE_TOKEN_TYP }, privateKeyPem, {
      algorithm: 'ES256',
      subject: 'admin',
      audience,
      expiresIn: SERVICE_TOKEN_TTL_SEC,
    });
    // Reused for half its life: one signature per audience per 30 s, not one per call.
    cache.set(audience, { token, until: now + (SERVICE_TOKEN_TTL_SEC * 1000) / 2 });
    return token;
  };
}
export type ServiceTokens = ReturnType<typeof createServiceTokens>;
