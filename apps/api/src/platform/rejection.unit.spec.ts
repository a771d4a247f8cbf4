import { ConflictError, InternalError, NotFoundError, ValidationError } from '@fleet/core';
import { errorOfRejection, rejectionOf } from './rejection.js';

const command = {
  type: 'CreateUser',
  data: {},
  metadata: { commandId: 'c', userId: 'u', occurredAt: 'now' },
};

describe('command rejections', () => {
  it("record a decider's typed error and give it back", () => {
    const event = rejectionOf(command, new ConflictError('taken', { email: 'already taken' }));
    expect(event).toEqual({
      type: 'CommandRejected',
      data: {
        command_type: 'CreateUser',
        reason_code: 'conflict',
        message: 'taken',
        errors_json: '{"email":"already taken"}',
      },
    });
    const error = errorOfRejection(event.data.reason_code, event.data.message, event.data.errors_json);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ message: 'taken', errors: { email: 'already taken' } });
    expect(errorOfRejection('not_found', 'x', null)).toBeInstanceOf(NotFoundError);
    expect(errorOfRejection('validation', 'x', 'not json')).toBeInstanceOf(ValidationError);
  });

  it('hide the details of anything that is not a refusal (a bug) behind `internal`', () => {
    const event = rejectionOf(command, new TypeError('cannot read properties of undefined'));
    expect(event.data).toEqual({
      command_type: 'CreateUser',
      reason_code: 'internal',
      message: 'the command could not be decided (internal error)',
      errors_json: null,
    });
    expect(errorOfRejection('internal', 'x')).toBeInstanceOf(InternalError);
    expect(rejectionOf(command, new InternalError('secret detail')).data.message).not.toMatch(/secret/);
  });
});
