import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AIRLINES, DISTANCE_OPTIONS, EditOptions, isAirline, POSITIONS, ZODIAC_SIGNS } from '@aero/contracts/shared';
import { Button, LocationField, PhotoPicker, SelectField, Spinner, TextAreaField, TextField, toast, toOptions } from '../../../components';
import { toastMessage } from '../../../lib/http';
import { finalPhotos, pendingFiles, selectionFromPhotos, type PhotoSelection } from '../../../lib/photo-selection';
import { useUploadPhotosMutation } from '../../../lib/shared-api';
import { useUpdateProfileMutation } from '../api/profile-api';
import { changedFields, clampAgeInput, formFromProfile, validateEditForm, type EditErrors, type EditForm } from '../lib/profile-rules';
import type { MyProfile } from '../types';
import { StyledFormGrid, StyledSection } from './profile-styles';

const StyledActions = styled.div`
  position: sticky;
  bottom: calc(${({ theme }) => theme.layout.bottomNavHeight} + env(safe-area-inset-bottom) + 8px);
  z-index: 5;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.navBackground};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const distanceOptions = DISTANCE_OPTIONS.map((d) => ({ value: String(d), label: `${d} miles` }));
const samePhotos = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Edit mode of My Profile: the edit form's lists (spec §3), rules of spec §5, photos of §4. */
export function ProfileEditForm({ profile, onDone }: { profile: MyProfile; onDone: (saved: boolean) => void }) {
  const [form, setForm] = useState<EditForm>(() => formFromProfile(profile));
  const [photos, setPhotos] = useState<PhotoSelection>(() => selectionFromPhotos(profile.photos, profile.mainPhoto));
  const [errors, setErrors] = useState<EditErrors>({});
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [upload] = useUploadPhotosMutation();
  const [update] = useUpdateProfileMutation();
  const airline = isAirline(profile.userType);
  const busy = stage !== 'idle';

  const set = (field: keyof EditForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateEditForm(form);
    setErrors(found);
    if (Object.keys(found).length) return;

    let uploaded: string[] = [];
    const files = pendingFiles(photos);
    if (files.length) {
      setStage('uploading');
      try {
        uploaded = (await upload(files).unwrap()).photos;
      } catch (error) {
        setStage('idle');
        toast({ variant: 'destructive', title: 'Photo Upload Failed', description: toastMessage(error, 'Failed to upload photos. Please try again.') });
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
      toast({ title: 'Profile updated' });
      onDone(true);
    } catch {
      toast({ variant: 'destructive', title: 'Update failed', description: 'Failed to update profile. Please try again.' });
      setStage('idle');
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label="Edit profile">
      <StyledFormGrid>
        <StyledSection aria-label="Photos">
          <PhotoPicker mode="edit" selection={photos} onChange={setPhotos} disabled={busy} />
        </StyledSection>

        <StyledSection aria-labelledby="edit-basics">
          <h2 id="edit-basics">Basics</h2>
          <TextField label="First Name" value={form.firstName} onChange={set('firstName')} error={errors.firstName} autoComplete="given-name" />
          <TextField
            label="Age"
            type="number"
            inputMode="numeric"
            min={18}
            max={120}
            value={form.age}
            onChange={set('age')}
            onBlur={() => setForm((f) => ({ ...f, age: clampAgeInput(f.age) }))}
            error={errors.age}
          />
          <TextAreaField label="Bio" value={form.bio} onChange={set('bio')} maxLength={1000} />
          <LocationField
            value={{ location: form.location, latitude: form.latitude, longitude: form.longitude }}
            onChange={(v) => setForm((f) => ({ ...f, ...v }))}
          />
          <SelectField label="Distance Preference" value={form.distancePreference} onChange={set('distancePreference')} placeholder="No preference" options={distanceOptions} />
        </StyledSection>

        {airline && (
          <StyledSection aria-labelledby="edit-work">
            <h2 id="edit-work">Work</h2>
            <SelectField label="Airline" value={form.airline} onChange={set('airline')} placeholder="Select airline" options={toOptions(AIRLINES).map((o) => ({ ...o, label: o.value }))} />
            <SelectField label="Position" value={form.position} onChange={set('position')} placeholder="Select position" options={toOptions(POSITIONS).map((o) => ({ ...o, label: o.value }))} />
          </StyledSection>
        )}

        <StyledSection aria-labelledby="edit-lifestyle">
          <h2 id="edit-lifestyle">Lifestyle</h2>
          <SelectField label="Drinking" value={form.drinkingHabits} onChange={set('drinkingHabits')} placeholder="Not specified" options={toOptions(EditOptions.drinkingHabits)} />
          <SelectField label="Smoking" value={form.smokingHabits} onChange={set('smokingHabits')} placeholder="Not specified" options={toOptions(EditOptions.smokingHabits)} />
          <SelectField label="Cannabis" value={form.drugsCannabisCUse} onChange={set('drugsCannabisCUse')} placeholder="Not specified" options={toOptions(EditOptions.drugsCannabisCUse)} />
          <TextField label="Dietary Preferences" value={form.dietaryPreferences} onChange={set('dietaryPreferences')} maxLength={100} />
          <SelectField label="Pets" value={form.pets} onChange={set('pets')} placeholder="Not specified" options={toOptions(EditOptions.pets)} />
          <SelectField label="Exercise" value={form.exerciseHabits} onChange={set('exerciseHabits')} placeholder="Not specified" options={toOptions(EditOptions.exerciseHabits)} />
          <TextField label="Sleep Habits" value={form.sleepHabits} onChange={set('sleepHabits')} maxLength={100} />
        </StyledSection>

        <StyledSection aria-labelledby="edit-relationships">
          <h2 id="edit-relationships">Relationships</h2>
          <SelectField label="Relationship Type" value={form.relationshipType} onChange={set('relationshipType')} placeholder="Not specified" options={toOptions(EditOptions.relationshipType)} />
          <SelectField label="Looking For" value={form.lookingFor} onChange={set('lookingFor')} placeholder="Not specified" options={toOptions(EditOptions.lookingFor)} />
        </StyledSection>

        <StyledSection aria-labelledby="edit-beliefs">
          <h2 id="edit-beliefs">Beliefs</h2>
          <SelectField label="Religion" value={form.religion} onChange={set('religion')} placeholder="Not specified" options={toOptions(EditOptions.religion)} />
          <TextField label="Political Views" value={form.politicalViews} onChange={set('politicalViews')} maxLength={100} />
          <SelectField label="Ethnicity" value={form.ethnicity} onChange={set('ethnicity')} placeholder="Not specified" options={toOptions(EditOptions.ethnicity)} />
          <SelectField label="Zodiac Sign" value={form.zodiacSign} onChange={set('zodiacSign')} placeholder="Not specified" options={toOptions(ZODIAC_SIGNS)} />
          <TextField label="Languages Spoken" value={form.languagesSpoken} onChange={set('languagesSpoken')} placeholder="English, Spanish" />
        </StyledSection>

        <StyledActions>
          <Button $variant="outline" disabled={busy} onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" $variant="accent" disabled={busy} aria-busy={busy}>
            {busy && <Spinner $size={18} />}
            {stage === 'uploading' ? 'Uploading photos...' : stage === 'saving' ? 'Saving...' : 'Save'}
          </Button>
        </StyledActions>
      </StyledFormGrid>
    </form>
  );
}
