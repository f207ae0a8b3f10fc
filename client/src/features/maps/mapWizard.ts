// The map wizard's values and rules (spec 000 §4 'Map wizard'): step 1 the type (and a graph's 2D
// and 3D), step 2 the name and description, step 3 review and publish. Next checks the step's own
// fields with the server's validator (createMapSchema), so the messages are the spec's.
import { createMapSchema, type GraphType, type MapType, MAP_WIZARD_STEPS } from '@rules';
import type { CreateMapInput, ProgressMapCardFragment, UpdateMapInput } from '../../gql/graphql';

export interface MapWizardValues {
  type: MapType;
  graphTypes: GraphType[];
  name: string;
  description: string;
  isPrivate: boolean;
  copyEnabled: boolean;
}

export type MapWizardField = 'graphTypes' | 'name' | 'description';
/** The server's English message of each field that breaks a rule. */
export type MapWizardErrors = Partial<Record<MapWizardField, string>>;

export const LAST_WIZARD_STEP = MAP_WIZARD_STEPS - 1;

/** Which step holds each field: Next on that step checks it. */
const STEP_OF: Record<MapWizardField, number> = { graphTypes: 0, name: 1, description: 1 };

/**
 * A new map (and what closing the wizard resets to): a public 2D graph with no name. A recipe
 * starts here too, its type and 2D fixed.
 */
export const NEW_MAP_VALUES: MapWizardValues = {
  type: 'graph',
  graphTypes: ['2D'],
  name: '',
  description: '',
  isPrivate: false,
  copyEnabled: true,
};

type EditedMap = Pick<
  ProgressMapCardFragment,
  'type' | 'graphTypes' | 'name' | 'description' | 'isPrivate' | 'copyEnabled'
>;

/** The wizard filled with a map being edited. */
export function valuesOf(map: EditedMap): MapWizardValues {
  return {
    type: map.type as MapType,
    graphTypes: map.graphTypes.filter((type): type is GraphType => type === '2D' || type === '3D'),
    name: map.name,
    description: map.description,
    isPrivate: map.isPrivate,
    copyEnabled: map.copyEnabled,
  };
}

/** Every rule the values break, by field (only the first message of a field). */
export function wizardErrors(values: MapWizardValues): MapWizardErrors {
  const parsed = createMapSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: MapWizardErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'graphTypes' || field === 'name' || field === 'description')
      errors[field] ??= issue.message;
  }
  return errors;
}

/** The rules a step's Next checks: only its own fields (only step 2 checks the name). */
export function stepErrors(step: number, values: MapWizardValues): MapWizardErrors {
  const errors = wizardErrors(values);
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => STEP_OF[field as MapWizardField] === step),
  );
}

/** The first step with a broken rule (publishing goes back there), or null when all hold. */
export function firstInvalidStep(values: MapWizardValues): number | null {
  const steps = Object.keys(wizardErrors(values)).map((field) => STEP_OF[field as MapWizardField]);
  return steps.length ? Math.min(...steps) : null;
}

/** A new map (or a problem's recipe) from the wizard. */
export function createInputOf(
  values: MapWizardValues,
  place: { spaceId: string | null; problemId: string | null },
): CreateMapInput {
  return {
    spaceId: place.spaceId,
    problemId: place.problemId,
    name: values.name.trim(),
    description: values.description.trim(),
    type: values.type,
    graphTypes: values.type === 'graph' ? values.graphTypes : [],
    isPrivate: values.isPrivate,
    copyEnabled: values.copyEnabled,
  };
}

/** A save of what the wizard edits; the type never changes. */
export function updateInputOf(values: MapWizardValues, version: number): UpdateMapInput {
  return {
    version,
    name: values.name.trim(),
    description: values.description.trim(),
    ...(values.type === 'graph' && { graphTypes: values.graphTypes }),
    isPrivate: values.isPrivate,
    copyEnabled: values.copyEnabled,
  };
}
