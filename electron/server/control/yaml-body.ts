import type { FastifyInstance } from 'fastify';
import { OperationError } from '../../../shared/contract/errors.ts';
import { operations } from '../../../shared/contract/operations.ts';
import { FixturesTextError, readFixturesText } from '../../core/domains/fixtures/index.ts';

/** The media types a YAML body may come as (application/yaml is the registered one, RFC 9512). */
const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

/**
 * YAML request bodies for the control operations that take a document a person writes: today
 * `fixtures.apply` (POST /_sandbox/fixtures), so a CI step can send its fixtures file as it is
 * (`curl --data-binary @fixtures.yaml -H 'Content-Type: application/yaml'`). The text is parsed
 * and checked here, where it is still text: a refusal names the path and the line
 * (`accounts[0].products[3].price: must be number (line 14)`). Any other route answers 415.
 */
export function acceptYamlBodies(app: FastifyInstance, prefix: string): void {
  const fixturesUrl = `${prefix}${operations['fixtures.apply'].http.path}`;
  app.addContentTypeParser(YAML_TYPES, { parseAs: 'string' }, (request, text, done) => {
    if (request.routeOptions.url !== fixturesUrl) {
      const type = request.headers['content-type'] ?? '';
      done(new OperationError(415, `unsupported Content-Type '${type}': only POST ${fixturesUrl} takes YAML; send application/json`), undefined);
      return;
    }
    try {
      done(null, readFixturesText(text as string, 'yaml'));
    } catch (error) {
      if (error instanceof FixturesTextError) done(new OperationError(400, error.problems[0]!, error.problems), undefined);
      else done(error as Error, undefined);
    }
  });
}
