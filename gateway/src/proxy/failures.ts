import { errorCodes } from '@noek/contracts';

export type FailureKind = 'unreachable' | 'connect-timeout' | 'overloaded' | 'timeout' | 'reset';

export interface FailureAnswer {
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
}

/** What the client is told when an upstream fails before its response started. */
export function failureAnswer(kind: FailureKind, service: string): FailureAnswer {
  switch (kind) {
    case 'overloaded':
      return {
        status: 503,
        code: errorCodes.serviceUnavailable,
        message: `The ${service} service is busy. Please try again shortly.`,
        headers: { 'Retry-After': '1' },
      };
    case 'connect-timeout':
      return {
        status: 503,
        code: errorCodes.serviceUnavailable,
        message: `The ${service} service is unavailable. Please try again shortly.`,
        headers: { 'Retry-After': '5' },
      };
    case 'timeout':
      return {
        status: 504,
        code: errorCodes.gatewayTimeout,
        message: `The ${service} service took too long to answer. Please try again.`,
      };
    case 'unreachable':
    case 'reset':
      return {
        status: 502,
        code: errorCodes.badGateway,
        message: `The ${service} service is unavailable. Please try again shortly.`,
      };
  }
}
