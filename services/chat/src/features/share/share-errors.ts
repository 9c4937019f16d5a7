import { errorCodes } from '@noek/contracts';
import { DomainError, ForbiddenError, NotFoundError } from '@noek/service-kit';

export const shareNotFound = () => new NotFoundError('This link does not exist.');
export const shareRevoked = () =>
  new DomainError(errorCodes.shareGone, 410, 'This link was turned off by its owner.');
export const shareExpired = () => new DomainError(errorCodes.shareGone, 410, 'This link has expired.');
export const sharingDisabled = () =>
  new ForbiddenError('Sharing links is turned off on this server.', errorCodes.sharingDisabled);
/** Opening a link while sharing is off: gone for now (410), kept for when it is turned on again. */
export const sharingTurnedOff = () =>
  new DomainError(errorCodes.sharingDisabled, 410, 'Shared links are turned off on this server.');
