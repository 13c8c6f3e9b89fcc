// The params rules of one action type (SPEC 2.5) as data: fields in canonical output order, required names, and
// cross-field rules. validate-params.ts runs them; schema.ts turns them into JSON Schema.
import type { FieldRule } from '../fields.ts';

export interface ParamsSpec {
  readonly fields: Readonly<Record<string, FieldRule>>;
  readonly required?: readonly string[];
  /** Cross-field rules, run on the canonical params after every field passed; throw via fail(). */
  readonly check?: (params: Readonly<Record<string, unknown>>, path: string) => void;
  /** JSON Schema fragment for the cross-field rules (oneOf/anyOf/if-then), kept next to `check`. */
  readonly schemaExtra?: Readonly<Record<string, unknown>>;
}
