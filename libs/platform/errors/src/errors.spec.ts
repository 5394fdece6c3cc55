import { AppError, ErrorKind, httpStatusOf, langKeyOf, validationFailed } from './index';

describe('errors', () => {
  it('renders the documented body shape', () => {
    const sut = new AppError(ErrorKind.NotFound, 'api.user_not_found', 'User not found');
    expect(sut.toBody()).toEqual({ reason: 'User not found', code: 'api.user_not_found', lang: 'error.user_not_found' });
  });

  it('lists field errors on validation failures', () => {
    const sut = validationFailed([{ field: 'email', reason: 'must be an email address', code: 'invalid_format' }]);
    expect(httpStatusOf(sut.kind)).toBe(400);
    expect(sut.toBody()).toEqual({
      reason: 'Validation failed: email',
      code: 'api.validation_failed',
      lang: 'error.validation_failed',
      errors: [{ field: 'email', reason: 'must be an email address', code: 'invalid_format' }],
    });
  });

  it('maps each kind to its HTTP status', () => {
    expect(httpStatusOf(ErrorKind.PaymentRequired)).toBe(402);
    expect(httpStatusOf(ErrorKind.Unavailable)).toBe(503);
    expect(langKeyOf('api.key_not_set')).toBe('error.key_not_set');
  });
});
