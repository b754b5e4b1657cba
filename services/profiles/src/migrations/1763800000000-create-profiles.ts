import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Profiles and the employment verification documents (issue 4). */
export class CreateProfiles1763800000000 implements MigrationInterface {
  name = 'CreateProfiles1763800000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE profiles.profiles (
      user_id uuid PRIMARY KEY,
      first_name text NULL,
      age int NULL,
      bio text NULL,
      location text NULL,
      latitude text NULL,
      longitude text NULL,
      airline text NULL,
      position text NULL,
      verified boolean NOT NULL DEFAULT false,
      photos text[] NOT NULL DEFAULT '{}',
      main_photo text NULL,
      profile_completed boolean NOT NULL DEFAULT false,
      gender text NULL,
      interested_in text NULL,
      distance_preference int NULL,
      age_preference_min int NOT NULL DEFAULT 18,
      age_preference_max int NOT NULL DEFAULT 99,
      drinking_habits text NULL,
      smoking_habits text NULL,
      drugs_cannabis_c_use text NULL,
      dietary_preferences text NULL,
      pets text NULL,
      exercise_habits text NULL,
      sleep_habits text NULL,
      relationship_type text NULL,
      looking_for text NULL,
      religion text NULL,
      political_views text NULL,
      ethnicity text NULL,
      languages_spoken text[] NOT NULL DEFAULT '{}',
      zodiac_sign text NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE profiles.verification_documents (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      object_key text NOT NULL,
      file_name text NOT NULL,
      content_type text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz NULL
    )`);
    await q.query('CREATE INDEX verification_documents_user_created ON profiles.verification_documents (user_id, created_at DESC)');
    await q.query(`CREATE INDEX verification_documents_pending ON profiles.verification_documents (created_at) WHERE status = 'pending'`);
    // at most one document under review or approved per user: the submit rule, enforced by the database too
    await q.query(`CREATE UNIQUE INDEX verification_documents_one_open ON profiles.verification_documents (user_id) WHERE status IN ('pending', 'approved')`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE profiles.verification_documents');
    await q.query('DROP TABLE profiles.profiles');
  }
}
