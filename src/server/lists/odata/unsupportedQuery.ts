/** The one answer to OData the service cannot or will not run: 400 `unsupported-query`, naming the parameter. */
import { ApiError } from '../../errors/apiError';

export const unsupportedQuery = (parameter: string, message: string) =>
  new ApiError(400, 'unsupported-query', 'The query is not supported.', {
    detail: `${parameter}: ${message}`,
    errors: [{ field: parameter, message }],
  });
