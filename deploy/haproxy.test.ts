/**
 * What deploy/haproxy.cfg answers by itself on /graphql, read from the file: the API's own UNAVAILABLE
 * error for every error HAProxy makes after picking a server, so no widget or client of the API ever
 * gets an HTML page there. e2e/cluster/balancer-errors.built.test.ts checks the real HAProxy gives it.
 */
import { describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../common/messages.js';
import { UnavailableError } from '../server/errors.js';
import { balancerApiAnswers } from '../server/testing/balancer-errors.js';

describe('the shipped HAProxy config on /graphql', () => {
  const answers = balancerApiAnswers();
  const unavailable = new UnavailableError(null);

  it.each([500, 502, 503, 504])(
    'given HAProxy answers %i itself should answer the error the server gives when it is unavailable',
    (status) => {
      const answer = answers.get(status);
      expect(answer?.contentType).toBe('application/graphql-response+json');
      expect(JSON.parse(answer?.body ?? 'null')).toEqual({
        errors: [{ message: UNAVAILABLE_MESSAGE, extensions: { code: 'UNAVAILABLE', ...unavailable.extensions } }],
      });
      expect(answer?.headers).toEqual({ 'Retry-After': String(unavailable.extensions.retryAfterSeconds) });
    },
  );

  it('given a config whose /graphql backend has no error answers should find none', () => {
    const config = 'frontend f\n    use_backend api if { path /graphql }\nbackend api\n    server a 1.2.3.4:80\n';
    expect(balancerApiAnswers(config).size).toBe(0);
  });
});
