import { errorCodes } from '@noek/contracts';
import { ConflictError } from '@noek/service-kit';

/** The conversation's model is offered by no provider now: its replies stay, the user picks another. */
export const modelUnavailableMessage = (model: string) =>
  `The model ${model} is no longer available. Pick another model for this conversation.`;

export class ModelUnavailableError extends ConflictError {
  constructor(model: string) {
    super(modelUnavailableMessage(model), errorCodes.modelUnavailable);
  }
}
