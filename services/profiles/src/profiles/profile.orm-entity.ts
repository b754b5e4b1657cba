import type { VerificationStatus } from '@aero/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Profile } from './profile.js';

@Entity({ name: 'profiles', schema: 'profiles' })
export class ProfileEntity implements Profile {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  /** increases with every change other services hear of (the revision in its events) */
  @Column({ type: 'int', default: 0 }) revision!: number;
  @Column({ name: 'first_name', type: 'text', nullable: true }) firstName!: string | null;
  @Column({ type: 'int', nullable: true }) age!: number | null;
  @Column({ type: 'text', nullable: true }) bio!: string | null;
  @Column({ type: 'text', nullable: true }) location!: string | null;
  /** private: returned only to the owner, never in events or to other members */
  @Column({ type: 'text', nullable: true }) latitude!: string | null;
  @Column({ type: 'text', nullable: true }) longitude!: string | null;
  @Column({ type: 'text', nullable: true }) airline!: string | null;
  @Column({ type: 'text', nullable: true }) position!: string | null;
  /** IATA code of the member's base airport */
  @Column({ name: 'base_airport', type: 'text', nullable: true }) baseAirport!: string | null;
  /** the badge: true exactly while `verification` is approved */
  @Column({ type: 'boolean', default: false }) verified!: boolean;
  /** the review of the member's newest employment document (a copy kept with the documents, in the same transaction) */
  @Column({ type: 'text', default: 'none' }) verification!: VerificationStatus;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) photos!: string[];
  @Column({ name: 'main_photo', type: 'text', nullable: true }) mainPhoto!: string | null;
  @Column({ name: 'profile_completed', type: 'boolean', default: false }) profileCompleted!: boolean;
  @Column({ type: 'text', nullable: true }) gender!: string | null;
  @Column({ name: 'interested_in', type: 'text', nullable: true }) interestedIn!: string | null;
  @Column({ name: 'distance_preference', type: 'int', nullable: true }) distancePreference!: number | null;
  @Column({ name: 'age_preference_min', type: 'int', default: 18 }) agePreferenceMin!: number;
  @Column({ name: 'age_preference_max', type: 'int', default: 99 }) agePreferenceMax!: number;
  @Column({ name: 'drinking_habits', type: 'text', nullable: true }) drinkingHabits!: string | null;
  @Column({ name: 'smoking_habits', type: 'text', nullable: true }) smokingHabits!: string | null;
  @Column({ name: 'drugs_cannabis_c_use', type: 'text', nullable: true }) drugsCannabisCUse!: string | null;
  @Column({ name: 'dietary_preferences', type: 'text', nullable: true }) dietaryPreferences!: string | null;
  @Column({ type: 'text', nullable: true }) pets!: string | null;
  @Column({ name: 'exercise_habits', type: 'text', nullable: true }) exerciseHabits!: string | null;
  @Column({ name: 'sleep_habits', type: 'text', nullable: true }) sleepHabits!: string | null;
  @Column({ name: 'relationship_type', type: 'text', nullable: true }) relationshipType!: string | null;
  @Column({ name: 'looking_for', type: 'text', nullable: true }) lookingFor!: string | null;
  @Column({ type: 'text', nullable: true }) religion!: string | null;
  @Column({ name: 'political_views', type: 'text', nullable: true }) politicalViews!: string | null;
  @Column({ type: 'text', nullable: true }) ethnicity!: string | null;
  @Column({ name: 'languages_spoken', type: 'text', array: true, default: () => "'{}'" }) languagesSpoken!: string[];
  @Column({ name: 'zodiac_sign', type: 'text', nullable: true }) zodiacSign!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
