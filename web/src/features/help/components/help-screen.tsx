import { useRef, useState } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import { SUPPORT_CATEGORIES } from '@aero/contracts/shared';
import { BackButton, Button, ChatIcon, PageHeader, StyledCard, StyledPage, TextField, toast, useGoBack } from '../../../components';
import { SelectField, TextAreaField } from '../../../components/controls';
import { useOptions, useT, type MessageKey } from '../../../i18n';
import { useFieldError } from '../../../lib/use-field-error';
import { emptySupportForm, FAQ_TOPICS, supportSchema, type SupportValues } from '../lib/support-schema';
import { theme } from '../../../theme';

export const SUPPORT_EMAIL = 'support@aeromatch.app';
export const SAFETY_EMAIL = 'safety@aeromatch.app';
export const SUPPORT_PHONE = '+1 (800) 555-0199';
const SUPPORT_PHONE_HREF = 'tel:+18005550199';

const open = keyframes`from { height: 0; } to { height: var(--radix-accordion-content-height); }`;
const close = keyframes`from { height: var(--radix-accordion-content-height); } to { height: 0; }`;

const StyledSection = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  h2 { font-size: ${theme.font.size.lg}; font-weight: ${theme.font.weight.bold}; }
  p.hint { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
`;

const StyledContacts = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.sm};
`;

const StyledContact = styled.li`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.space.md};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.backgroundAlt};
  strong { font-weight: ${theme.font.weight.semibold}; }
  span { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
  a, button { align-self: flex-start; }
  /* 'Message us' starts where the email address and the phone number do, without a button's inset */
  button { padding: 0; border: 0; }
`;

const StyledTextLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.touchTarget};
  color: ${theme.colors.primary};
  font-weight: ${theme.font.weight.semibold};
  text-underline-offset: 3px;
`;

const StyledItem = styled(Accordion.Item)`
  border-top: 1px solid ${theme.colors.border};
  &:first-child { border-top: none; }
`;

const StyledHeader = styled(Accordion.Header)`
  margin: 0;
  font-size: ${theme.font.size.md};
`;

const StyledTrigger = styled(Accordion.Trigger)`
  all: unset;
  box-sizing: border-box;
  width: 100%;
  min-height: ${theme.touchTarget};
  padding: ${theme.space.sm} 0;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  font-weight: ${theme.font.weight.semibold};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; border-radius: ${theme.radius.sm}; }
  svg { flex: none; transition: transform 200ms ease; color: ${theme.colors.accent}; }
  &[data-state='open'] svg { transform: rotate(180deg); }
`;

const StyledContent = styled(Accordion.Content)`
  overflow: hidden;
  color: ${theme.colors.textMuted};
  &[data-state='open'] { animation: ${open} 200ms ease-out; }
  &[data-state='closed'] { animation: ${close} 200ms ease-out; }
  p { padding-bottom: ${theme.space.md}; }
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;

const StyledEmergency = styled.div`
  display: grid;
  gap: ${theme.space.sm};
`;

const buttonLink = css<{ $danger?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: ${theme.touchTarget};
  /* (a label that wraps, in a longer language, keeps clear of the pill's edge) */
  padding: ${theme.space.sm} ${theme.space.xl};
  text-align: center;
  border-radius: ${theme.radius.pill};
  border: 2px solid ${({ $danger }) => ($danger ? theme.colors.danger : theme.colors.border)};
  background: ${({ $danger }) => ($danger ? theme.colors.danger : 'transparent')};
  color: ${({ $danger }) => ($danger ? theme.colors.onDanger : theme.colors.text)};
  font-weight: ${theme.font.weight.semibold};
  text-decoration: none;
`;

const StyledButtonLink = styled.a<{ $danger?: boolean }>`
  ${buttonLink}
`;

const StyledRouterButton = styled(Link)<{ $danger?: boolean }>`
  ${buttonLink}
`;

function Chevron() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** Help & Support (/help): contact cards, the FAQ, the support form and the emergency buttons (spec §2). */
export function HelpScreen({ email }: { email?: string }) {
  const t = useT();
  const options = useOptions();
  const back = useGoBack('/profile');
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, reset, formState } = useForm<SupportValues>({ resolver: valibotResolver(supportSchema), defaultValues: emptySupportForm(email) });
  const fieldError = useFieldError(formState.errors);
  // A send empties the form, which then has nothing to send until the member types again: Send is
  // disabled (as while a send is checked), and a second tap that reaches the form before the button
  // shows it (a double tap: the ref) is ignored, rather than checking the emptied form and listing
  // what it lacks.
  const [sent, setSent] = useState(false);
  const justSent = useRef(false);
  const markSent = (value: boolean) => {
    justSent.current = value;
    setSent(value);
  };

  // the support form is not sent anywhere (spec §3): it thanks and clears
  const send = () => {
    markSent(true);
    toast({ title: t('help.toast.sent'), description: t('help.toast.sentText') });
    reset(emptySupportForm(email));
  };
  const submit = handleSubmit(send);

  return (
    <StyledPage>
      <PageHeader
        title={t('help.title')}
        leading={<BackButton label={t('common.back')} onClick={back} />}
      />

      <StyledSection aria-labelledby="help-contact">
        <h2 id="help-contact">{t('help.contact.title')}</h2>
        <StyledContacts>
          <StyledContact>
            <strong>{t('help.contact.chat')}</strong>
            <span>{t('help.contact.chatText')}</span>
            <Button $variant="link" onClick={() => formRef.current?.querySelector<HTMLElement>('select, input')?.focus()}>
              <ChatIcon size={18} /> {t('help.contact.chatAction')}
            </Button>
          </StyledContact>
          <StyledContact>
            <strong>{t('help.contact.email')}</strong>
            <span>{t('help.contact.emailText')}</span>
            <StyledTextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</StyledTextLink>
          </StyledContact>
          <StyledContact>
            <strong>{t('help.contact.phone')}</strong>
            <span>{t('help.contact.hours')}</span>
            <StyledTextLink href={SUPPORT_PHONE_HREF}>{SUPPORT_PHONE}</StyledTextLink>
          </StyledContact>
        </StyledContacts>
      </StyledSection>

      <StyledSection aria-labelledby="help-faq">
        <h2 id="help-faq">{t('help.faq.title')}</h2>
        <Accordion.Root type="single" collapsible>
          {FAQ_TOPICS.map((topic) => (
            <StyledItem key={topic} value={topic}>
              <StyledHeader>
                <StyledTrigger>
                  {t(`help.faq.${topic}.question` as MessageKey)}
                  <Chevron />
                </StyledTrigger>
              </StyledHeader>
              <StyledContent>
                <p>{t(`help.faq.${topic}.answer` as MessageKey)}</p>
              </StyledContent>
            </StyledItem>
          ))}
        </Accordion.Root>
      </StyledSection>

      <StyledSection aria-labelledby="help-form">
        <h2 id="help-form">{t('help.form.title')}</h2>
        <p className="hint">{t('help.form.intro')}</p>
        <StyledForm
          ref={formRef}
          onSubmit={(e) => {
            if (!justSent.current) return void submit(e);
            e.preventDefault();
          }}
          onInput={() => justSent.current && markSent(false)}
          noValidate
          aria-labelledby="help-form"
        >
          <SelectField label={t('help.form.category')} options={options('supportCategory', SUPPORT_CATEGORIES)} error={fieldError('category')} {...register('category')} />
          <TextField label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
          <TextField label={t('help.form.subject')} maxLength={120} error={fieldError('subject')} {...register('subject')} />
          <TextAreaField label={t('help.form.message')} maxLength={2000} error={fieldError('message')} {...register('message')} />
          <Button type="submit" $variant="accent" $block disabled={formState.isSubmitting || sent}>
            {t('help.form.send')}
          </Button>
        </StyledForm>
      </StyledSection>

      <StyledSection aria-labelledby="help-emergency">
        <h2 id="help-emergency">{t('help.emergency.title')}</h2>
        <p className="hint">{t('help.emergency.text')}</p>
        <StyledEmergency>
          <StyledButtonLink $danger href="tel:911">
            {t('help.emergency.call')}
          </StyledButtonLink>
          <StyledButtonLink href={`mailto:${SAFETY_EMAIL}`}>{t('help.emergency.report')}</StyledButtonLink>
          <StyledRouterButton to="/privacy">{t('help.emergency.privacy')}</StyledRouterButton>
        </StyledEmergency>
      </StyledSection>
    </StyledPage>
  );
}
