import styled from 'styled-components';
import { Spinner, UserIcon } from '../../../components';
import { useOptionLabel, useT, useText } from '../../../i18n';
import { useGetProfileViewsQuery } from '../api/discovery-api';
import { jobOf, nameOf } from '../lib/candidate';
import { timeAgo } from '../lib/time-ago';
import { Sheet } from './sheet';
import { theme } from '../../../theme';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  li {
    display: flex;
    align-items: center;
    gap: ${theme.space.md};
    padding: ${theme.space.md} 0;
  }
  li + li { border-top: 1px solid ${theme.colors.border}; }
  .avatar {
    flex: none;
    width: 56px;
    height: 56px;
    border-radius: 50%;
    overflow: hidden;
    display: grid;
    place-items: center;
    background: ${theme.colors.heroGradient};
    color: ${theme.colors.onHero};
  }
  .avatar img { width: 100%; height: 100%; object-fit: cover; }
  /* the name and when on the first line; the job and place under them take the row's whole width and wrap */
  .who { flex: 1; min-width: 0; display: flex; flex-wrap: wrap; align-items: baseline; column-gap: ${theme.space.sm}; }
  .who strong { flex: 1; font-weight: ${theme.font.weight.bold}; }
  .who > span { flex-basis: 100%; color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; overflow-wrap: break-word; }
  .verified { color: ${theme.colors.success}; margin-left: 4px; }
  time { font-size: ${theme.font.size.xs}; color: ${theme.colors.textMuted}; font-weight: ${theme.font.weight.semibold}; }
`;

const StyledNote = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.xxl} ${theme.space.lg};
  color: ${theme.colors.textMuted};
  strong { color: ${theme.colors.text}; font-size: ${theme.font.size.lg}; }
`;

/** Who viewed me (spec §2, §3 profile_views): the viewers' cards and when ('Just now', 'Nh ago', 'Nd ago'). */
export function ViewersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const show = useText();
  const optionLabel = useOptionLabel();
  const { data, isLoading, isError } = useGetProfileViewsQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('discovery.views.title')} description={t('discovery.views.description')} closeLabel={t('discovery.views.close')}>
      {isLoading ? (
        <StyledNote role="status" aria-label={t('common.loading')}>
          <Spinner $size={28} />
        </StyledNote>
      ) : isError && !data ? (
        <StyledNote role="alert">{t('discovery.views.loadError')}</StyledNote>
      ) : !data?.length ? (
        <StyledNote>
          <strong>{t('discovery.views.empty')}</strong>
          <span>{t('discovery.views.emptyText')}</span>
        </StyledNote>
      ) : (
        <StyledList>
          {data.map(({ id, viewer, createdAt }) => {
            const name = show(nameOf(viewer));
            const photo = viewer.mainPhoto ?? viewer.photos?.[0];
            const job = jobOf(viewer, (p) => optionLabel('position', p));
            const details = [job && show(job), viewer.location].filter(Boolean).join(' · ');
            return (
              <li key={id}>
                <span className="avatar">{photo ? <img src={`${photo}?size=thumb`} alt="" /> : <UserIcon size={26} />}</span>
                <span className="who">
                  <strong>
                    {viewer.age != null ? t('discovery.card.label', { name, age: viewer.age }) : name}
                    {viewer.verified && (
                      <span className="verified" role="img" aria-label={t('profile.badge.verified')}>
                        ✓
                      </span>
                    )}
                  </strong>
                  <time dateTime={createdAt}>{show(timeAgo(createdAt))}</time>
                  {details && <span>{details}</span>}
                </span>
              </li>
            );
          })}
        </StyledList>
      )}
    </Sheet>
  );
}
