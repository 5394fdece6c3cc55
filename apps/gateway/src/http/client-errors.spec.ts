import { clientErrorAnswer } from './client-errors';

const errorWithCode = (code: string) => Object.assign(new Error(code), { code });

describe('clientErrorAnswer', () => {
  it('408 for a request that did not arrive in time, 431 for headers too large, 400 for anything else the parser refused', () => {
    expect(clientErrorAnswer(errorWithCode('ERR_HTTP_REQUEST_TIMEOUT'))).toMatchObject({ status: 408, code: 'api.request_timeout' });
    expect(clientErrorAnswer(errorWithCode('HPE_HEADER_OVERFLOW'))).toMatchObject({ status: 431, code: 'api.request_headers_too_large' });
    for (const code of ['HPE_INVALID_METHOD', 'HPE_INVALID_CONTENT_LENGTH', 'HPE_INVALID_HEADER_TOKEN', 'HPE_UNEXPECTED_CONTENT_LENGTH']) {
      expect(clientErrorAnswer(errorWithCode(code))).toMatchObject({ status: 400, code: 'api.malformed_request' });
    }
  });
});
