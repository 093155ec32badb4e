// drizzle-kit's settings for `npm run db:generate` (scripts/db-generate.ts). A plain object rather than
// drizzle-kit's defineConfig: drizzle-kit is installed on first need, outside the project's install.
export default {
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
};
