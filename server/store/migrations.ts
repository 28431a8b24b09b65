/**
 * Every schema change, in order. Never edit an applied migration: add a new one with the
 * next id. Ids are "NNNN-what" so they sort and say what they do.
 */
export interface Migration {
  id: string;
  sql: string;
}

export const migrations: readonly Migration[] = [];
