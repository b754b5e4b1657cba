import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The deck's read model (candidates, fed by identity and profiles events; coordinates stored only
 * snapped to the grid), swipes, matches and profile views.
 */
export class CreateDiscoveryTables1764100000000 implements MigrationInterface {
  name = 'CreateDiscoveryTables1764100000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE discovery.candidates (
      user_id uuid PRIMARY KEY,
      profile jsonb NULL,
      profile_completed boolean NOT NULL DEFAULT false,
      age int NULL,
      gender text NULL,
      interested_in text NULL,
      airline text NULL,
      position text NULL,
      age_min int NOT NULL DEFAULT 18,
      age_max int NOT NULL DEFAULT 99,
      distance_pref int NULL,
      cell_lat double precision NULL,
      cell_lng double precision NULL,
      user_type text NULL,
      subscription_status text NOT NULL DEFAULT 'inactive',
      demo boolean NOT NULL DEFAULT false,
      boost_until timestamptz NULL,
      super_likes_used int NOT NULL DEFAULT 0,
      super_likes_day date NULL,
      filters jsonb NULL,
      last_active_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX candidates_visible ON discovery.candidates (gender, interested_in, age) WHERE profile_completed AND user_type IS NOT NULL`);
    await q.query(`CREATE TABLE discovery.swipes (
      seq bigserial UNIQUE,
      user_id uuid NOT NULL,
      target_id uuid NOT NULL,
      action text NOT NULL CHECK (action IN ('like', 'super_like', 'pass')),
      undoable boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, target_id)
    )`);
    await q.query(`CREATE INDEX swipes_likes_received ON discovery.swipes (target_id, user_id) WHERE action <> 'pass'`);
    await q.query(`CREATE TABLE discovery.matches (
      id uuid PRIMARY KEY,
      user_low uuid NOT NULL,
      user_high uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (user_low < user_high),
      UNIQUE (user_low, user_high)
    )`);
    await q.query(`CREATE INDEX matches_high ON discovery.matches (user_high)`);
    await q.query(`CREATE TABLE discovery.profile_views (
      viewer_id uuid NOT NULL,
      viewed_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (viewed_id, viewer_id)
    )`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE discovery.profile_views, discovery.matches, discovery.swipes, discovery.candidates');
  }
}
