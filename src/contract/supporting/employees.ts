/** Supporting models of the employees routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import * as m from '../generated/models';
import { MAX_ARRAY_ITEMS } from '../inputLimits';
import * as t from '../wireTypes';

const UNSTRUCTURED_DESCRIPTION =
  'A deliberately minimal employee record: the EmployeeDetailsModel fields plus `locationIds` ' +
  "(our extension: the locations the employee works at). It is not the payroll system's full " +
  'unstructured employee model; pay, tax and bank details are out of scope.';

const WORK_TYPE_IDS_DESCRIPTION =
  'Work types and shift conditions set up against the employee (our extension): a kiosk offers them ' +
  'only their work types (every work type of the business while none is set up) and shift conditions ' +
  'set up against them or the location they clock on at.';

export const UnstructuredEmployeeModel = m.EmployeeDetailsModel.extend({
  locationIds: z.array(t.int32).meta({ description: 'Locations the employee works at (our extension).' }),
  workTypeIds: z.array(t.int32).meta({ description: WORK_TYPE_IDS_DESCRIPTION }),
}).meta({ id: 'UnstructuredEmployeeModel', description: UNSTRUCTURED_DESCRIPTION });
export type UnstructuredEmployeeModel = z.infer<typeof UnstructuredEmployeeModel>;

export const UnstructuredEmployeeModelInput = m.EmployeeDetailsModelInput.extend({
  locationIds: t.list(t.int32, MAX_ARRAY_ITEMS).nullish(),
  workTypeIds: t.list(t.int32, MAX_ARRAY_ITEMS).nullish().meta({ description: WORK_TYPE_IDS_DESCRIPTION }),
}).meta({ id: 'UnstructuredEmployeeModelInput',
  description: `${UNSTRUCTURED_DESCRIPTION} \`firstName\` and \`surname\` are required; \`id\` is ignored.`,
});
export type UnstructuredEmployeeModelInput = z.infer<typeof UnstructuredEmployeeModelInput>;
