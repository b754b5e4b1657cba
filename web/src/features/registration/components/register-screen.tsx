import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FORM_MODE } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AIRLINES, GENDERS, INTERESTED_IN, Limits, POSITIONS, RegistrationOptions, ZODIAC_SIGNS } from '@aero/contracts/shared';
import { BackButton, Button, PageHeader, Spinner, StyledCard, StyledPage, TextField, toast } from '../../../components';
import { FileButton, LocationField, PhotoPicker, plainOptions, SelectField, StyledFieldError, TextAreaField } from '../../../components/controls';
import { useErrorText, useOptions, useT, type MessageKey, type Text } from '../../../i18n';
import { DOCUMENT_ACCEPT } from '../../../lib/document-accept';
import { pickedDocumentProblem } from '../../../lib/document-rules';
import { useFieldError } from '../../../lib/use-field-error';
import { activeItems, emptySelection, finalPhotos, pendingFiles, uploadOnce, type PhotoSelection } from '../../../lib/photo-selection';
import { useUploadPhotosMutation, useUploadVerificationDocumentMutation } from '../../../lib/shared-api';
import { dropPhotoDraft, loadPhotoDraft, savePhotoDraft } from '../lib/photo-draft';
import { readJson, removeKey, writeJson } from '../../../lib/storage';
import { useCreateProfileMutation } from '../api/registration-api';
import {
  afterRegistration,
  afterSubscriptionCheck,
  backTarget,
  createdToast,
  createProfileBody,
  parseRegisterQuery,
  registrationDraftKey,
  registrationSchema,
  restoredRegistrationDraft,
  type RegistrationValues,
} from '../lib/registration-rules';
import { theme } from '../../../theme';

const StyledSection = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
  padding: ${theme.space.lg};
  h2 { font-size: ${theme.font.size.md}; font-weight: ${theme.font.weight.bold}; }
  p.hint { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;

const StyledDocumentTitle = styled.p`
  font-weight: ${theme.font.weight.medium};
  margin-bottom: ${theme.space.xs};
`;

const StyledIntro = styled.p`
  color: ${theme.colors.textMuted};
  margin-top: -${theme.space.sm};
`;

// the chosen document's name on its own line, then its two buttons side by side on one line, their
// tops level and as tall as each other
const StyledFile = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  .name { font-size: ${theme.font.size.sm}; overflow-wrap: anywhere; }
  /* each label on one line: should the two not fit side by side (a larger font), one goes under the other */
  .actions { display: flex; flex-wrap: wrap; gap: ${theme.space.sm}; }
  .actions > * { padding: ${theme.space.xs} ${theme.space.sm}; white-space: nowrap; }
`;

const StyledSubmit = styled.div`
  position: sticky;
  bottom: calc(env(safe-area-inset-bottom) + 8px);
  z-index: ${theme.zIndex.sticky};
`;

export type SubscriptionCheck = 'active' | 'inactive' | 'failed';

type Stage = 'idle' | 'photos' | 'profile' | 'document' | 'finishing';
const STAGE_TEXT: Record<Stage, MessageKey> = {
  idle: 'register.submit',
  photos: 'register.stage.photos',
  profile: 'register.stage.profile',
  document: 'register.stage.document',
  finishing: 'register.stage.finishing',
};

/** what can take focus in a field's group */
const FOCUSABLE = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';

/**
 * Create Profile (/register?type=airline|general&from=subscription): spec §2, §4, §5. A signed-in
 * member's answers are kept in this tab as they are typed, and are there again after a reload
 * (beyond the spec), until the profile is created or the session ends.
 */
export function RegisterScreen({ userId, checkSubscription }: { userId: string | undefined; checkSubscription: () => Promise<SubscriptionCheck> }) {
  const t = useT();
  const options = useOptions();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const query = parseRegisterQuery(search);
  const navigate = useNavigate();
  const loggedIn = !!userId;
  const draftKey = userId && registrationDraftKey(userId);
  const [draft] = useState(() => restoredRegistrationDraft(draftKey && readJson(draftKey, 'session')));
  const { register, handleSubmit, setValue, control, formState, watch } = useForm<RegistrationValues>({
    mode: FORM_MODE,
    resolver: valibotResolver(registrationSchema),
    defaultValues: { ...draft, photoCount: 0 },
    shouldFocusError: false,
  });
  // the answers are kept as they change (the photo count is not: the files go with the page)
  useEffect(() => {
    if (!draftKey) return;
    const { unsubscribe } = watch(({ photoCount: _photos, ...answers }) => writeJson(draftKey, answers, 'session'));
    return unsubscribe;
  }, [draftKey, watch]);
  const fieldError = useFieldError(formState.errors);
  const [photos, setPhotos] = useState<PhotoSelection>(emptySelection);
  // the photos picked before a reload come back, unless the member has picked some since
  const picked = useRef(false);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void loadPhotoDraft(userId).then((kept) => {
      if (!live || picked.current || !kept.items.length) return;
      setPhotos(kept);
      setValue('photoCount', activeItems(kept).length);
    });
    return () => {
      live = false;
    };
  }, [userId, setValue]);
  const pickPhotos = (selection: PhotoSelection) => {
    picked.current = true;
    setPhotos(selection);
    setValue('photoCount', activeItems(selection).length, revalidate);
    if (userId) void savePhotoDraft(userId, selection);
  };
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<Text>();
  const [stage, setStage] = useState<Stage>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const [uploadPhotos] = useUploadPhotosMutation();
  const [uploadNew] = useState(() => uploadOnce<File>());
  const [createProfile] = useCreateProfileMutation();
  const [uploadDocument] = useUploadVerificationDocumentMutation();
  const busy = stage !== 'idle';
  const airline = query.userType === 'airline';
  const revalidate = { shouldValidate: formState.isSubmitted };

  /** the member whose drafts these are (in `create`, `userId` names the profile made) */
  const draftOwner = userId;
  const create = async (form: RegistrationValues) => {
    if (busy) return;
    setStage('photos');
    let uploaded: string[];
    try {
      uploaded = await uploadNew(pendingFiles(photos), async (files) => (await uploadPhotos(files).unwrap()).photos);
    } catch (error) {
      setStage('idle');
      toast({ variant: 'destructive', title: t('register.toast.photoUploadFailed'), description: errorText(error, 'register.toast.photoUploadFailedText') });
      return;
    }

    setStage('profile');
    const { photos: urls, mainPhoto } = finalPhotos(photos, uploaded);
    let userId: string;
    try {
      userId = (await createProfile(createProfileBody(form, query.userType, urls, mainPhoto)).unwrap()).id;
    } catch (error) {
      setStage('idle');
      toast({ variant: 'destructive', title: t('register.toast.failed'), description: errorText(error, 'common.tryAgain') });
      return;
    }

    // success logs the user in: the reply (the registered user) is now the current user
    setStage('finishing');
    if (draftKey) removeKey(draftKey, 'session');
    if (draftOwner) void dropPhotoDraft(draftOwner);

    const next = afterRegistration(query, !!document);
    if (next.kind === 'upload-document' && document) {
      setStage('document');
      try {
        await uploadDocument({ file: document, userId }).unwrap();
        const created = createdToast(true);
        toast({ title: t(created.title), description: created.description && t(created.description) });
      } catch {
        toast({ variant: 'destructive', title: t('register.toast.documentFailed'), description: t('register.toast.documentFailedText') });
      }
      navigate('/swipe', { replace: true });
    } else if (next.kind === 'check-subscription') {
      const result = await checkSubscription().catch((): SubscriptionCheck => 'failed');
      const after = afterSubscriptionCheck(result);
      toast({ title: after.toast ? t(after.toast) : t('register.toast.created') });
      navigate(after.to, { replace: true });
    } else if (next.kind === 'go') {
      // no document was sent on this way (a general member, or an airline member without one)
      const created = createdToast(false);
      toast({ title: t(created.title), description: created.description && t(created.description) });
      navigate(next.to, { replace: true });
    }
  };

  // bring the first problem into view and move focus to its field (the photos' message: the picker's first control)
  const showFirstProblem = () =>
    requestAnimationFrame(() => {
      const problem = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
      if (!problem) return;
      const field = problem.matches('[aria-invalid="true"]') ? problem : problem.closest('[role="group"]')?.querySelector<HTMLElement>(FOCUSABLE);
      field?.focus({ preventScroll: true });
      problem.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });

  const pickDocument = async (files: File[]) => {
    // its type by its first bytes, as the server decides it
    const problem = await pickedDocumentProblem(files);
    setDocumentError(problem ?? undefined);
    setDocument(problem ? null : files[0]);
  };

  const notSpecified = t('common.notSpecified');
  return (
    <StyledPage>
      <PageHeader
        title={t('register.title')}
        leading={
          <BackButton label={t('common.back')} onClick={() => navigate(backTarget(query, loggedIn))} />
        }
      />
      <StyledIntro>{airline ? t('register.introAirline') : t('register.introGeneral')}</StyledIntro>

      <StyledForm ref={formRef} onSubmit={handleSubmit(create, showFirstProblem)} noValidate aria-label={t('register.formLabel')}>
        <StyledSection aria-label={t('register.section.photos')}>
          <PhotoPicker
            mode="register"
            selection={photos}
            onChange={pickPhotos}
            disabled={busy}
            error={fieldError('photoCount')}
          />
        </StyledSection>

        <StyledSection aria-labelledby="reg-basics">
          <h2 id="reg-basics">{t('register.section.about')}</h2>
          <TextField label={t('profile.field.firstName')} autoComplete="given-name" required error={fieldError('firstName')} {...register('firstName')} />
          <TextField label={t('profile.field.age')} type="number" inputMode="numeric" min={Limits.ageMin} max={Limits.ageMax} required error={fieldError('age')} {...register('age')} />
          <SelectField label={t('profile.field.gender')} placeholder={t('register.placeholder.gender')} options={options('gender', GENDERS)} required error={fieldError('gender')} {...register('gender')} />
          <SelectField
            label={t('profile.field.interestedIn')}
            placeholder={t('register.placeholder.interestedIn')}
            options={options('interestedIn', INTERESTED_IN)}
            required
            error={fieldError('interestedIn')}
            {...register('interestedIn')}
          />
          <TextAreaField label={t('profile.field.bio')} maxLength={Limits.bioMaxChars} placeholder={t('register.placeholder.bio')} required error={fieldError('bio')} {...register('bio')} />
          <Controller
            control={control}
            name="place"
            render={({ field }) => <LocationField value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldError('place')} />}
          />
        </StyledSection>

        {airline && (
          <StyledSection aria-labelledby="reg-work">
            <h2 id="reg-work">{t('register.section.work')}</h2>
            <SelectField label={t('profile.field.airline')} placeholder={t('profile.placeholder.airline')} options={plainOptions(AIRLINES)} {...register('airline')} />
            <SelectField label={t('profile.field.position')} placeholder={t('profile.placeholder.position')} options={options('position', POSITIONS)} {...register('position')} />
            <div>
              <StyledDocumentTitle>{t('verification.title')}</StyledDocumentTitle>
              <p className="hint">{t('register.documentHint')}</p>
            </div>
            <StyledFile>
              {document && <span className="name">{document.name}</span>}
              <div className="actions">
                <FileButton
                  variant="outline"
                  label={document ? t('register.document.change') : t('register.document.attach')}
                  inputLabel={t('register.document.label')}
                  accept={DOCUMENT_ACCEPT}
                  disabled={busy}
                  invalid={!!documentError}
                  onFiles={(files) => void pickDocument(files)}
                />
                {document && (
                  <Button $variant="outline" disabled={busy} onClick={() => setDocument(null)} aria-label={t('register.document.removeLabel')}>
                    {t('register.document.remove')}
                  </Button>
                )}
              </div>
            </StyledFile>
            {documentError && <StyledFieldError role="alert">{t(documentError)}</StyledFieldError>}
          </StyledSection>
        )}

        <StyledSection aria-labelledby="reg-lifestyle">
          <h2 id="reg-lifestyle">{t('profile.section.lifestyle')}</h2>
          <p className="hint">{t('register.lifestyleHint')}</p>
          <SelectField label={t('profile.field.drinking')} placeholder={notSpecified} options={options('drinkingHabits', RegistrationOptions.drinkingHabits)} {...register('drinkingHabits')} />
          <SelectField label={t('profile.field.smoking')} placeholder={notSpecified} options={options('smokingHabits', RegistrationOptions.smokingHabits)} {...register('smokingHabits')} />
          <SelectField label={t('profile.field.cannabis')} placeholder={notSpecified} options={options('drugsCannabisCUse', RegistrationOptions.drugsCannabisCUse)} {...register('drugsCannabisCUse')} />
          <SelectField label={t('profile.field.pets')} placeholder={notSpecified} options={options('pets', RegistrationOptions.pets)} {...register('pets')} />
          <SelectField label={t('profile.field.exercise')} placeholder={notSpecified} options={options('exerciseHabits', RegistrationOptions.exerciseHabits)} {...register('exerciseHabits')} />
          <SelectField label={t('profile.field.relationshipType')} placeholder={notSpecified} options={options('relationshipType', RegistrationOptions.relationshipType)} {...register('relationshipType')} />
          <SelectField label={t('profile.field.lookingFor')} placeholder={notSpecified} options={options('lookingFor', RegistrationOptions.lookingFor)} {...register('lookingFor')} />
          <SelectField label={t('profile.field.religion')} placeholder={notSpecified} options={options('religion', RegistrationOptions.religion)} {...register('religion')} />
          <SelectField label={t('profile.field.ethnicity')} placeholder={notSpecified} options={options('ethnicity', RegistrationOptions.ethnicity)} {...register('ethnicity')} />
          <SelectField label={t('profile.field.zodiac')} placeholder={notSpecified} options={options('zodiacSign', ZODIAC_SIGNS)} {...register('zodiacSign')} />
          <TextField label={t('profile.field.languages')} placeholder={t('profile.placeholder.languages')} {...register('languagesSpoken')} />
        </StyledSection>

        <StyledSubmit>
          <Button type="submit" $variant="accent" $block disabled={busy} aria-busy={busy}>
            {busy && <Spinner $size={18} />}
            {t(STAGE_TEXT[stage])}
          </Button>
        </StyledSubmit>
      </StyledForm>
    </StyledPage>
  );
}
