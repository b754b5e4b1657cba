import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AIRLINES, GENDERS, INTERESTED_IN, POSITIONS, RegistrationOptions, ZODIAC_SIGNS } from '@aero/contracts/shared';
import {
  ArrowLeftIcon,
  Button,
  LocationField,
  PageHeader,
  PhotoPicker,
  SelectField,
  Spinner,
  StyledCard,
  StyledFieldError,
  StyledPage,
  TextAreaField,
  TextField,
  toast,
  toOptions,
} from '../../../components';
import { DOCUMENT_ACCEPT, documentProblem } from '../../../lib/document-rules';
import { toastMessage } from '../../../lib/http';
import { activeItems, emptySelection, finalPhotos, pendingFiles, type PhotoSelection } from '../../../lib/photo-selection';
import { useUploadPhotosMutation, useUploadVerificationDocumentMutation } from '../../../lib/shared-api';
import { useCreateProfileMutation } from '../api/registration-api';
import {
  afterRegistration,
  afterSubscriptionCheck,
  backTarget,
  createProfileBody,
  initialRegistrationForm,
  parseRegisterQuery,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationForm,
} from '../lib/registration-rules';

const StyledSection = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  h2 { font-size: ${({ theme }) => theme.font.size.md}; font-weight: ${({ theme }) => theme.font.weight.bold}; }
  p.hint { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledBack = styled.button.attrs({ type: 'button' })`
  min-width: ${({ theme }) => theme.touchTarget};
  min-height: ${({ theme }) => theme.touchTarget};
  display: grid;
  place-items: center;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

const StyledIntro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-top: -${({ theme }) => theme.space.sm};
`;

const StyledFile = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
  label.pick {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 ${({ theme }) => theme.space.lg};
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 2px solid ${({ theme }) => theme.colors.border};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    cursor: pointer;
  }
  label.pick:focus-within { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
  input { position: absolute; width: 1px; height: 1px; opacity: 0; }
  .name { font-size: ${({ theme }) => theme.font.size.sm}; overflow-wrap: anywhere; }
`;

const StyledSubmit = styled.div`
  position: sticky;
  bottom: calc(env(safe-area-inset-bottom) + 8px);
  z-index: 5;
`;

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const GENDER_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
].filter((o) => (GENDERS as readonly string[]).includes(o.value));
const INTEREST_OPTIONS = INTERESTED_IN.map((value) => ({ value, label: value === 'man' ? 'Men' : value === 'woman' ? 'Women' : 'Both' }));

export type SubscriptionCheck = 'active' | 'inactive' | 'failed';

type Stage = 'idle' | 'photos' | 'profile' | 'document' | 'finishing';
const STAGE_TEXT: Record<Stage, string> = { idle: 'Create Profile', photos: 'Uploading photos...', profile: 'Creating profile...', document: 'Uploading document...', finishing: 'Finishing...' };

/** Create Profile (/register?type=airline|general&from=subscription): spec §2, §4, §5. */
export function RegisterScreen({ loggedIn, onRegistered, checkSubscription }: { loggedIn: boolean; onRegistered: () => Promise<void>; checkSubscription: () => Promise<SubscriptionCheck> }) {
  const [search] = useSearchParams();
  const query = parseRegisterQuery(search);
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(initialRegistrationForm);
  const [photos, setPhotos] = useState<PhotoSelection>(emptySelection);
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string>();
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [stage, setStage] = useState<Stage>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const [uploadPhotos] = useUploadPhotosMutation();
  const [createProfile] = useCreateProfileMutation();
  const [uploadDocument] = useUploadVerificationDocumentMutation();
  const busy = stage !== 'idle';
  const airline = query.userType === 'airline';

  const set = (field: keyof RegistrationForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    if (field in errors) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateRegistration(form, activeItems(photos).length);
    setErrors(found);
    if (Object.keys(found).length) {
      // bring the first problem into view
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
      return;
    }

    setStage('photos');
    let uploaded: string[];
    try {
      uploaded = (await uploadPhotos(pendingFiles(photos)).unwrap()).photos;
    } catch (error) {
      setStage('idle');
      toast({ variant: 'destructive', title: 'Photo Upload Failed', description: toastMessage(error, 'Failed to upload photos. Please try again.') });
      return;
    }

    setStage('profile');
    const { photos: urls, mainPhoto } = finalPhotos(photos, uploaded);
    let userId: string;
    try {
      userId = (await createProfile(createProfileBody(form, query.userType, urls, mainPhoto)).unwrap()).id;
    } catch (error) {
      setStage('idle');
      toast({ variant: 'destructive', title: 'Registration failed', description: toastMessage(error, 'Please try again') });
      return;
    }

    // success logs the user in (the session now holds the composed user)
    setStage('finishing');
    try {
      await onRegistered();
    } catch {
      /* the gate fetches the user again */
    }

    const next = afterRegistration(query, !!document);
    if (next.kind === 'upload-document' && document) {
      setStage('document');
      try {
        await uploadDocument({ file: document, userId }).unwrap();
        toast({ title: 'Profile created successfully!', description: 'Your employment verification is being processed.' });
      } catch {
        toast({
          variant: 'destructive',
          title: 'Verification Upload Failed',
          description: 'Your profile was created, but the verification document failed to upload. You can try uploading it again from your profile.',
        });
      }
      navigate('/swipe', { replace: true });
    } else if (next.kind === 'check-subscription') {
      const result = await checkSubscription().catch((): SubscriptionCheck => 'failed');
      const after = afterSubscriptionCheck(result);
      toast(after.toast ? { title: after.toast } : { title: 'Profile created successfully!' });
      navigate(after.to, { replace: true });
    } else if (next.kind === 'go') {
      toast({ title: 'Profile created successfully!', description: airline ? 'Your employment verification is being processed.' : undefined });
      navigate(next.to, { replace: true });
    }
  };

  const pickDocument = (files: File[]) => {
    const problem = documentProblem(files);
    setDocumentError(problem ?? undefined);
    setDocument(problem ? null : files[0]);
  };

  return (
    <StyledPage>
      <PageHeader
        title="Create Profile"
        leading={
          <StyledBack aria-label="Back" onClick={() => navigate(backTarget(query, loggedIn))}>
            <ArrowLeftIcon />
          </StyledBack>
        }
      />
      <StyledIntro>{airline ? 'Tell other aviation pros about yourself, crew member.' : 'Build your profile to meet aviation professionals.'}</StyledIntro>

      <form ref={formRef} onSubmit={submit} noValidate aria-label="Create profile" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <StyledSection aria-label="Photos">
          <PhotoPicker mode="register" selection={photos} onChange={(s) => { setPhotos(s); setErrors((er) => ({ ...er, photos: undefined })); }} disabled={busy} error={errors.photos} />
        </StyledSection>

        <StyledSection aria-labelledby="reg-basics">
          <h2 id="reg-basics">About you</h2>
          <TextField label="First Name" value={form.firstName} onChange={set('firstName')} error={errors.firstName} autoComplete="given-name" required />
          <TextField label="Age" type="number" inputMode="numeric" min={18} max={120} value={form.age} onChange={set('age')} error={errors.age} required />
          <SelectField label="Gender" value={form.gender} onChange={set('gender')} placeholder="Select gender" options={GENDER_OPTIONS} error={errors.gender} required />
          <SelectField label="Interested In" value={form.interestedIn} onChange={set('interestedIn')} placeholder="Select who you're interested in" options={INTEREST_OPTIONS} error={errors.interestedIn} required />
          <TextAreaField label="Bio" value={form.bio} onChange={set('bio')} error={errors.bio} maxLength={1000} placeholder="Favourite layover city, best cockpit view..." required />
          <LocationField
            value={{ location: form.location, latitude: form.latitude, longitude: form.longitude }}
            onChange={(v) => {
              setForm((f) => ({ ...f, ...v }));
              setErrors((er) => ({ ...er, location: undefined }));
            }}
            error={errors.location}
          />
        </StyledSection>

        {airline && (
          <StyledSection aria-labelledby="reg-work">
            <h2 id="reg-work">Work</h2>
            <SelectField label="Airline" value={form.airline} onChange={set('airline')} placeholder="Select airline" options={plain(AIRLINES)} />
            <SelectField label="Position" value={form.position} onChange={set('position')} placeholder="Select position" options={plain(POSITIONS)} />
            <div>
              <p style={{ fontWeight: 500, marginBottom: 4 }}>Employment Verification</p>
              <p className="hint">Upload a recent paystub (image or PDF, max 10MB) to get your verified badge. Reviews take 24 to 48 hours.</p>
            </div>
            <StyledFile>
              <label className="pick">
                {document ? 'Change document' : 'Attach document'}
                <input
                  type="file"
                  accept={DOCUMENT_ACCEPT}
                  aria-label="Employment document"
                  aria-invalid={documentError ? true : undefined}
                  disabled={busy}
                  onChange={(e) => {
                    pickDocument(Array.from(e.target.files ?? []));
                    e.target.value = '';
                  }}
                />
              </label>
              {document && (
                <>
                  <span className="name">{document.name}</span>
                  <Button $variant="link" disabled={busy} onClick={() => setDocument(null)} aria-label="Remove document">
                    Remove
                  </Button>
                </>
              )}
            </StyledFile>
            {documentError && (
              <StyledFieldError role="alert">{documentError}</StyledFieldError>
            )}
          </StyledSection>
        )}

        <StyledSection aria-labelledby="reg-lifestyle">
          <h2 id="reg-lifestyle">Lifestyle</h2>
          <p className="hint">Optional, but it helps you find your match.</p>
          <SelectField label="Drinking" value={form.drinkingHabits} onChange={set('drinkingHabits')} placeholder="Not specified" options={toOptions(RegistrationOptions.drinkingHabits)} />
          <SelectField label="Smoking" value={form.smokingHabits} onChange={set('smokingHabits')} placeholder="Not specified" options={toOptions(RegistrationOptions.smokingHabits)} />
          <SelectField label="Cannabis" value={form.drugsCannabisCUse} onChange={set('drugsCannabisCUse')} placeholder="Not specified" options={toOptions(RegistrationOptions.drugsCannabisCUse)} />
          <SelectField label="Pets" value={form.pets} onChange={set('pets')} placeholder="Not specified" options={toOptions(RegistrationOptions.pets)} />
          <SelectField label="Exercise" value={form.exerciseHabits} onChange={set('exerciseHabits')} placeholder="Not specified" options={toOptions(RegistrationOptions.exerciseHabits)} />
          <SelectField label="Relationship Type" value={form.relationshipType} onChange={set('relationshipType')} placeholder="Not specified" options={toOptions(RegistrationOptions.relationshipType)} />
          <SelectField label="Looking For" value={form.lookingFor} onChange={set('lookingFor')} placeholder="Not specified" options={toOptions(RegistrationOptions.lookingFor)} />
          <SelectField label="Religion" value={form.religion} onChange={set('religion')} placeholder="Not specified" options={plain(RegistrationOptions.religion)} />
          <SelectField label="Ethnicity" value={form.ethnicity} onChange={set('ethnicity')} placeholder="Not specified" options={plain(RegistrationOptions.ethnicity)} />
          <SelectField label="Zodiac Sign" value={form.zodiacSign} onChange={set('zodiacSign')} placeholder="Not specified" options={toOptions(ZODIAC_SIGNS)} />
          <TextField label="Languages Spoken" value={form.languagesSpoken} onChange={set('languagesSpoken')} placeholder="English, Spanish" />
        </StyledSection>

        <StyledSubmit>
          <Button type="submit" $variant="accent" $block disabled={busy} aria-busy={busy}>
            {busy && <Spinner $size={18} />}
            {STAGE_TEXT[stage]}
          </Button>
        </StyledSubmit>
      </form>
    </StyledPage>
  );
}
