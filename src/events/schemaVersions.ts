/**
 * The schema version of each event type's current payload, apart from the catalog's schemas:
 * every append stamps it, and an append (a hook's one FileChanged) must not load the schema
 * library to learn a number. A type absent here is at version 1. When a payload changes shape,
 * raise its version both here and in the catalog (test/events/upcast.test.ts checks they agree).
 */
const SCHEMA_VERSIONS: Readonly<Record<string, number>> = {
  DecisionRecorded: 2,
  FileParsed: 2,
};

export const currentSchemaVersion = (type: string): number => SCHEMA_VERSIONS[type] ?? 1;
