import { WORKFLOW_MSG } from '@app/contract/workflows';
import { AppError } from '../../http/errors.ts';
import { WorkflowEngineError } from '../../providers/workflow/port.ts';

/**
 * Turns the engine's failure into the answer the person sees: 502 when it could not be reached,
 * 422 with its reason when it refused. Anything else is ours and stays a 500.
 */
export function engineFailure(error: unknown): never {
  if (error instanceof WorkflowEngineError) {
    throw error.kind === 'unreachable'
      ? new AppError(502, 'engine_unreachable', WORKFLOW_MSG.engineUnreachable)
      : new AppError(422, 'engine_refused', WORKFLOW_MSG.engineRefused(error.message));
  }
  throw error;
}
