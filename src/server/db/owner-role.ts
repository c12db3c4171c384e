import type pg from "pg";

/**
 * The roles of a PostgreSQL server that Glassroom sets up itself (the embedded one, and the
 * throw-away ones of the tests): set up as the cluster's superuser, which the application
 * itself never connects as (docs/decisions/010).
 *
 * - glassroom_owner logs in: it owns the database and everything in it, runs the migrations
 *   and is the application's connection. It is neither superuser nor BYPASSRLS, so the
 *   row-level security forced on every workspace table applies to it too.
 * - glassroom_app cannot log in: business work switches to it (withWorkspace).
 * - glassroom_search cannot log in: it owns the students name search function (migration
 *   0016), and the owner may hand that function to it but never acts as it (no INHERIT).
 */
export const OWNER_ROLE = "glassroom_owner";
export const APP_ROLE = "glassroom_app";
export const SEARCH_ROLE = "glassroom_search";

/** The schemas the application's objects live in: its tables, drizzle's journal, pg-boss's queues. */
const APPLICATION_SCHEMAS = ["public", "drizzle", "pgboss"];

/**
 * As the superuser: makes both roles if missing, and (again at every start) keeps the owner
 * without any power beyond its own objects, with the password given.
 */
export async function ensureRoles(admin: pg.Client, ownerPassword: string): Promise<void> {
  await admin.query(`
    do $$
    begin
      if not exists (select 1 from pg_roles where rolname = '${OWNER_ROLE}') then create role ${OWNER_ROLE} login; end if;
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin; end if;
      if not exists (select 1 from pg_roles where rolname = '${SEARCH_ROLE}') then create role ${SEARCH_ROLE} nologin; end if;
    end
    $$`);
  await admin.query(
    `alter role ${OWNER_ROLE} login nosuperuser nobypassrls nocreaterole nocreatedb noreplication password ${admin.escapeLiteral(ownerPassword)}`,
  );
  await admin.query(`
    do $$
    begin
      if not pg_has_role('${OWNER_ROLE}', '${APP_ROLE}', 'MEMBER') then grant ${APP_ROLE} to ${OWNER_ROLE}; end if;
    end
    $$`);
  // ADMIN only: the migrations may grant it to the owner for a moment, to hand it a function.
  await admin.query(`grant ${SEARCH_ROLE} to ${OWNER_ROLE} with admin true, inherit false, set false`);
}

/** As the superuser: the database, made for the owner role, or handed to it if it exists. */
export async function ensureOwnedDatabase(admin: pg.Client, database: string): Promise<void> {
  const exists = await admin.query("select 1 from pg_database where datname = $1", [database]);
  if (exists.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(database)} owner ${OWNER_ROLE}`);
  else await admin.query(`alter database ${admin.escapeIdentifier(database)} owner to ${OWNER_ROLE}`);
}

/**
 * As the superuser, connected to the application's database: hands every object of the
 * application's schemas that the superuser owns to the owner role. A data folder made
 * before the owner role existed had them all owned by the superuser; on one made since, there
 * is nothing to do. Objects of extensions (pg_trgm) stay with the extension's owner, and the
 * search function with glassroom_search. Also withdraws the default
 * privileges the superuser once gave glassroom_app on future tables (migration 0003, when the
 * superuser ran it): grants are made per table now.
 */
export async function transferOwnership(adminOnDatabase: pg.Client): Promise<void> {
  const schemas = `array[${APPLICATION_SCHEMAS.map((schema) => `'${schema}'`).join(", ")}]`;
  await adminOnDatabase.query(`
    do $$
    declare
      superuser oid := (select oid from pg_roles where rolname = current_user);
      item record;
    begin
      for item in select nspname from pg_namespace where nspname = any(${schemas}) and nspowner = superuser loop
        execute format('alter schema %I owner to ${OWNER_ROLE}', item.nspname);
      end loop;
      -- Tables first: their indexes, types and owned sequences follow them.
      for item in
        select c.oid::regclass as name, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any(${schemas}) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
        order by c.relkind = 'S'
      loop
        if (select relowner from pg_class where oid = item.name) = superuser then
          execute format('alter %s %s owner to ${OWNER_ROLE}',
            case item.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
            item.name);
        end if;
      end loop;
      for item in
        select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any(${schemas}) and p.proowner = superuser
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      loop
        execute format('alter routine %s owner to ${OWNER_ROLE}', item.name);
      end loop;
      for item in
        select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = any(${schemas}) and t.typowner = superuser and t.typtype in ('e', 'd', 'r')
          and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
      loop
        execute format('alter type %s owner to ${OWNER_ROLE}', item.name);
      end loop;
      execute format('alter default privileges for role %I in schema public revoke all on tables from ${APP_ROLE}', current_user);
    end
    $$`);
}

/** As the superuser, on the maintenance database: roles, database and ownership, all idempotent. */
export async function prepareOwnedDatabase(connect: (database: string) => pg.Client, database: string, ownerPassword: string): Promise<void> {
  const admin = connect("postgres");
  await admin.connect();
  try {
    await ensureRoles(admin, ownerPassword);
    await ensureOwnedDatabase(admin, database);
  } finally {
    await admin.end();
  }
  const onDatabase = connect(database);
  await onDatabase.connect();
  try {
    await transferOwnership(onDatabase);
  } finally {
    await onDatabase.end();
  }
}

export function ownerUrl(password: string, host: string, port: number, database: string): string {
  return `postgres://${OWNER_ROLE}:${encodeURIComponent(password)}@${host}:${port}/${database}`;
}
