import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FORM_MODE } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import styled from 'styled-components';
import { AIRLINES, DISTANCE_OPTIONS, EditOptions, isAirline, Limits, POSITIONS, ZODIAC_SIGNS } from '@aero/contracts/shared';
import { Button, Spinner, TextField, toast } from '../../../components';
import { AirportField, LocationField, PhotoPicker, plainOptions, SelectField, StyledCallout, TextAreaField } from '../../../components/controls';
import { useErrorText, useOptionLabel, useOptions, useT, type OptionField } from '../../../i18n';
import { finalPhotos, pendingFiles, selectionFromPhotos, uploadOnce, type PhotoSelection } from '../../../lib/photo-selection';
import { useUploadPhotosMutation } from '../../../lib/shared-api';
import { useFieldError } from '../../../lib/use-field-error';
import { useUpdateProfileMutation } from '../api/profile-api';
import { changedFields, clampAgeInput, editProfileSchema, formFromProfile, type EditForm } from '../lib/profile-rules';
import { draftOf, forgetProfileDraft, keepProfileDraft, withProfileDraft } from '../lib/profile-draft';
import type { CurrentUser } from '../../../lib/current-user';
import { StyledFormGrid, StyledSection } from './profile-styles';
import { sideNavWindow, theme } from '../../../theme';

const StyledActions = styled.div`
  position: sticky;
  bottom: calc(${theme.layout.bottomNavHeight} + env(safe-area-inset-bottom) + 8px);
  ${sideNavWindow} { bottom: 8px; }
  z-index: ${theme.zIndex.sticky};
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm};
  border-radius: ${theme.radius.pill};
  /* opaque: the fields scrolling under it do not show through Cancel */
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow.raised};
`;

const samePhotos = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Edit mode of My Profile: the edit form's lists (spec §3), rules of spec §5, photos of §4. What
 * the member changes is kept as they type until Save or Cancel (lib/profile-draft.ts).
 */
export function ProfileEditForm({ profile, onDone }: { profile: CurrentUser; onDone: () => void }) {
  const t = useT();
  const options = useOptions();
  const optionLabel = useOptionLabel();
  const errorText = useErrorText();
  const resolver = useMemo(() => valibotResolver(editProfileSchema(profile)), [profile]);
  const { register, handleSubmit, watch, setValue, getValues, control, formState } = useForm<EditForm>({
    mode: FORM_MODE,
    resolver,
    defaultValues: withProfileDraft(profile.id, formFromProfile(profile)),
  });
  const saved = useMemo(() => formFromProfile(profile), [profile]);
  useEffect(() => watch((values) => keepProfileDraft(profile.id, draftOf(values as EditForm, saved))).unsubscribe, [watch, profile.id, saved]);
  const done = () => {
    forgetProfileDraft(profile.id);
    onDone();
  };
  const fieldError = useFieldError(formState.errors);
  const [photos, setPhotos] = useState<PhotoSelection>(() => selectionFromPhotos(profile.photos, profile.mainPhoto));
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [upload] = useUploadPhotosMutation();
  const [update] = useUpdateProfileMutation();
  const airline = isAirline(profile.userType);
  const busy = stage !== 'idle';
  const [airlineValue, positionValue] = watch(['airline', 'position']);
  // a verified member who changes where or as what they work loses the badge until a new document is approved
  const losesBadge = profile.verified && ((airlineValue ?? '') !== (profile.airline ?? '') || (positionValue ?? '') !== (profile.position ?? ''));
  /** the stored value of a select, shown with its label even when the edit list lacks it */
  const current = (field: keyof EditForm & OptionField) => {
    const value = getValues(field);
    return value ? { value, label: optionLabel(field, value) } : undefined;
  };
  const currentAirline = () => {
    const value = getValues('airline');
    return value ? { value, label: value } : undefined;
  };

  const [uploadNew] = useState(() => uploadOnce<File>());
  const save = async (form: EditForm) => {
    if (busy) return;
    let uploaded: string[] = [];
    const files = pendingFiles(photos);
    if (files.length) {
      setStage('uploading');
      try {
        uploaded = await uploadNew(files, async (f) => (await upload(f).unwrap()).photos);
      } catch (error) {
        setStage('idle');
        toast({ variant: 'destructive', title: t('register.toast.photoUploadFailed'), description: errorText(error, 'register.toast.photoUploadFailedText') });
        return;
      }
    }
    setStage('saving');
    const patch = changedFields(form, profile);
    const final = finalPhotos(photos, uploaded);
    if (!samePhotos(final.photos, profile.photos) || final.mainPhoto !== profile.mainPhoto) {
      patch.photos = final.photos;
      patch.mainPhoto = final.mainPhoto;
    }
    try {
      if (Object.keys(patch).length) await update({ id: profile.id, patch }).unwrap();
      toast({ title: t('profile.toast.updated') });
      done();
    } catch (error) {
      // a refusal that says why (a location moved too often today: 429) says so; others the spec's text
      const refused = (error as { status?: number } | undefined)?.status === 429;
      toast({ variant: 'destructive', title: t('profile.toast.updateFailed'), description: refused ? errorText(error, 'profile.toast.updateFailedText') : t('profile.toast.updateFailedText') });
      setStage('idle');
    }
  };

  const notSpecified = t('common.notSpecified');
  const ageField = register('age', {
    // the age input clamps values under 18 to 18 when it is left (spec §5)
    onBlur: (e: { target: { value: string } }) => setValue('age', clampAgeInput(e.target.value), { shouldValidate: formState.isSubmitted }),
  });
  return (
    <form onSubmit={handleSubmit(save)} noValidate aria-label={t('profile.edit')}>
      <StyledFormGrid>
        <StyledSection aria-label={t('profile.section.photos')}>
          <PhotoPicker mode="edit" selection={photos} onChange={setPhotos} disabled={busy} />
        </StyledSection>

        <StyledSection aria-labelledby="edit-basics">
          <h2 id="edit-basics">{t('profile.section.basics')}</h2>
          <TextField label={t('profile.field.firstName')} autoComplete="given-name" error={fieldError('firstName')} {...register('firstName')} />
          <TextField label={t('profile.field.age')} type="number" inputMode="numeric" min={Limits.ageMin} max={Limits.ageMax} error={fieldError('age')} {...ageField} />
          <TextAreaField label={t('profile.field.bio')} maxLength={Limits.bioMaxChars} {...register('bio')} />
          <Controller
            control={control}
            name="place"
            render={({ field }) => <LocationField value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldError('place')} />}
          />
          <SelectField
            label={t('profile.field.distance')}
            placeholder={t('profile.placeholder.distance')}
            options={DISTANCE_OPTIONS.map((d) => ({ value: String(d), label: t('profile.miles', { count: d }) }))}
            {...register('distancePreference')}
          />
        </StyledSection>

        {airline && (
          <StyledSection aria-labelledby="edit-work">
            <h2 id="edit-work">{t('register.section.work')}</h2>
            <SelectField label={t('profile.field.airline')} placeholder={t('profile.placeholder.airline')} options={plainOptions(AIRLINES)} current={currentAirline()} {...register('airline')} />
            <SelectField label={t('profile.field.position')} placeholder={t('profile.placeholder.position')} options={options('position', POSITIONS)} current={current('position')} {...register('position')} />
            {losesBadge && <StyledCallout role="note">{t('profile.badgeWarning')}</StyledCallout>}
            <AirportField label={t('profile.field.baseAirport')} code={watch('baseAirport') || null} onChange={(a) => setValue('baseAirport', a?.code ?? '')} />
          </StyledSection>
        )}

        <StyledSection aria-labelledby="edit-lifestyle">
          <h2 id="edit-lifestyle">{t('profile.section.lifestyle')}</h2>
          <SelectField label={t('profile.field.drinking')} placeholder={notSpecified} options={options('drinkingHabits', EditOptions.drinkingHabits)} current={current('drinkingHabits')} {...register('drinkingHabits')} />
          <SelectField label={t('profile.field.smoking')} placeholder={notSpecified} options={options('smokingHabits', EditOptions.smokingHabits)} current={current('smokingHabits')} {...register('smokingHabits')} />
          <SelectField label={t('profile.field.cannabis')} placeholder={notSpecified} options={options('drugsCannabisCUse', EditOptions.drugsCannabisCUse)} current={current('drugsCannabisCUse')} {...register('drugsCannabisCUse')} />
          <TextField label={t('profile.field.diet')} maxLength={Limits.profileTextMaxChars} {...register('dietaryPreferences')} />
          <SelectField label={t('profile.field.pets')} placeholder={notSpecified} options={options('pets', EditOptions.pets)} current={current('pets')} {...register('pets')} />
          <SelectField label={t('profile.field.exercise')} placeholder={notSpecified} options={options('exerciseHabits', EditOptions.exerciseHabits)} current={current('exerciseHabits')} {...register('exerciseHabits')} />
          <TextField label={t('profile.field.sleep')} maxLength={Limits.profileTextMaxChars} {...register('sleepHabits')} />
        </StyledSection>

        <StyledSection aria-labelledby="edit-relationships">
          <h2 id="edit-relationships">{t('profile.section.relationships')}</h2>
          <SelectField label={t('profile.field.relationshipType')} placeholder={notSpecified} options={options('relationshipType', EditOptions.relationshipType)} current={current('relationshipType')} {...register('relationshipType')} />
          <SelectField label={t('profile.field.lookingFor')} placeholder={notSpecified} options={options('lookingFor', EditOptions.lookingFor)} current={current('lookingFor')} {...register('lookingFor')} />
        </StyledSection>

        <StyledSection aria-labelledby="edit-beliefs">
          <h2 id="edit-beliefs">{t('profile.section.beliefs')}</h2>
          <SelectField label={t('profile.field.religion')} placeholder={notSpecified} options={options('religion', EditOptions.religion)} current={current('religion')} {...register('religion')} />
          <TextField label={t('profile.field.politics')} maxLength={Limits.profileTextMaxChars} {...register('politicalViews')} />
          <SelectField label={t('profile.field.ethnicity')} placeholder={notSpecified} options={options('ethnicity', EditOptions.ethnicity)} current={current('ethnicity')} {...register('ethnicity')} />
          <SelectField label={t('profile.field.zodiac')} placeholder={notSpecified} options={options('zodiacSign', ZODIAC_SIGNS)} current={current('zodiacSign')} {...register('zodiacSign')} />
          <TextField label={t('profile.field.languages')} placeholder={t('profile.placeholder.languages')} {...register('languagesSpoken')} />
        </StyledSection>

        <StyledActions>
          <Button $variant="outline" disabled={busy} onClick={done}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" $variant="accent" disabled={busy} aria-busy={busy}>
            {busy && <Spinner $size={18} />}
            {stage === 'uploading' ? t('profile.stage.uploading') : stage === 'saving' ? t('profile.stage.saving') : t('profile.save')}
          </Button>
        </StyledActions>
      </StyledFormGrid>
    </form>
  );
}
