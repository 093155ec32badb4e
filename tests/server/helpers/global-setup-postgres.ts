import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/client';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { startThrowawayPostgres } from './postgres-server';
import { TEMPLATE_DATABASE } from './test-database';

/**
 * Starts a throwaway PostgreSQL server for the run and migrates a template database once; each test
 * file then gets `CREATE DATABASE ... TEMPLATE` (a file copy, tens of milliseconds).
 */
export default async function setup(project: TestProject) {
  const server = await startThrowawayPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: server.urlFor(TEMPLATE_DATABASE) });
    await migrateDatabase(database);
    await database.close();
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide('testDatabase', {
    kind: 'postgres',
    adminUrl: server.adminUrl,
    template: TEMPLATE_DATABASE,
    urlPrefix: server.urlFor(''),
  });
  return () => server.stop();
}
