import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { buildAppSchema } from './schema';

/** Writes schema/schema.graphql, the SDL the client's codegen and API consumers read. */
export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../../../schema/schema.graphql');

export async function printAppSchema() {
  return `${printSchema(await buildAppSchema())}\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(SCHEMA_FILE, await printAppSchema());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
