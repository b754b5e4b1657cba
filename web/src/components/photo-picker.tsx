import { useEffect, useId, useMemo, useRef, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Limits } from '@aero/contracts/shared';
import { useT } from '../i18n';
import { readPickedFiles } from '../lib/file-kind';
import { activeItems, addPhotos, setMain, skippedFilesToast, toggleRemoved, tooManyPhotosToast, type PhotoMode, type PhotoSelection } from '../lib/photo-selection';
import { StyledPhotoBadge } from './photo-badge';
import { toast } from './toast';
import { narrowWindow, theme } from '../theme';

// three tiles a row; two in a narrow window, where a third of it is too narrow for a tile's two
// buttons (44 px each), its badge ('Hauptfoto') and the add tile's label ('Fotos hinzufügen')
const StyledGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space.sm};
  ${narrowWindow} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const StyledTile = styled.li<{ $main: boolean; $removed: boolean }>`
  position: relative;
  aspect-ratio: 3 / 4;
  border-radius: ${theme.radius.md};
  overflow: hidden;
  background: ${theme.colors.backgroundAlt};
  outline: 3px solid ${({ $main }) => ($main ? theme.colors.accent : 'transparent')};
  outline-offset: -3px;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
    opacity: ${({ $removed }) => ($removed ? 0.35 : 1)};
    filter: ${({ $removed }) => ($removed ? 'grayscale(1)' : 'none')};
  }
`;

const StyledTileActions = styled.div`
  position: absolute;
  inset: auto 0 0 0;
  display: flex;
  justify-content: space-between;
  padding: 4px;
  background: ${theme.colors.photoScrim};
`;

const StyledIconButton = styled.button.attrs({ type: 'button' })`
  min-width: ${theme.touchTarget};
  min-height: ${theme.touchTarget};
  border: none;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.photoControl};
  color: ${theme.colors.onHero};
  font-size: 1.15rem;
  line-height: 1;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; }
  &:disabled { opacity: 0.4; cursor: default; }
`;

const StyledAdd = styled.label`
  aspect-ratio: 3 / 4;
  border-radius: ${theme.radius.md};
  border: 2px dashed ${theme.colors.border};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.xs};
  /* a translation longer than the tile wraps between words: each line centred, clear of the dashed border */
  padding: ${theme.space.sm} ${theme.space.xs};
  overflow-wrap: break-word;
  text-align: center;
  line-height: 1.3;
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
  cursor: pointer;
  span.plus { font-size: 1.75rem; color: ${theme.colors.accent}; line-height: 1; }
  &:focus-within { outline: 3px solid ${theme.colors.focus}; }
  input { position: absolute; width: 1px; height: 1px; opacity: 0; }
`;

const StyledCount = styled.p`
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
  margin-bottom: ${theme.space.sm};
`;

const StyledHint = styled.p`
  margin-top: ${theme.space.sm};
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

const StyledError = styled.p`
  margin-top: ${theme.space.xs};
`;

export interface PhotoPickerProps {
  selection: PhotoSelection;
  onChange: (next: PhotoSelection) => void;
  mode: PhotoMode;
  disabled?: boolean;
  error?: string;
}

/** Photo grid with previews: add images, choose the main photo, remove / restore / drop. */
export function PhotoPicker({ selection, onChange, mode, disabled, error }: PhotoPickerProps) {
  const t = useT();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);

  // previews of new files, revoked when the file leaves the selection
  const previews = useRef(new Map<File, string>());
  const previewOf = useMemo(() => {
    const live = new Set(selection.items.flatMap((i) => (i.file ? [i.file] : [])));
    for (const [file, url] of previews.current) {
      if (!live.has(file)) {
        URL.revokeObjectURL(url);
        previews.current.delete(file);
      }
    }
    return (file: File) => {
      let url = previews.current.get(file);
      if (!url) {
        url = URL.createObjectURL(file);
        previews.current.set(file, url);
      }
      return url;
    };
  }, [selection.items]);
  useEffect(() => {
    const map = previews.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);

  // the selection as it is when a pick's files have been read (it may have changed meanwhile)
  const latest = useRef(selection);
  useEffect(() => {
    latest.current = selection;
  }, [selection]);

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (!files.length) return;
    // each file decided by its first bytes, as the server does: not by its name
    const picked = await readPickedFiles(files);
    const result = addPhotos(latest.current, picked);
    // a second pick read before the parent renders this one adds to it, not to the selection before it
    latest.current = result.selection;
    onChange(result.selection);
    if (result.tooMany) tooManyToast();
    else if (result.skipped.length) {
      const skipped = skippedFilesToast(result.skipped);
      toast({ variant: 'destructive', title: t(skipped.title), description: skipped.description.map((d) => t(d)).join(' ') });
    }
  };

  const tooManyToast = () => {
    const tooMany = tooManyPhotosToast(mode);
    toast({ variant: 'destructive', title: t(tooMany.title), description: t(tooMany.description) });
  };

  const count = activeItems(selection).length;
  const full = count >= Limits.photosPerProfile;

  return (
    <div role="group" aria-labelledby={`${inputId}-label`} aria-describedby={error ? errorId : undefined}>
      <StyledCount id={`${inputId}-label`}>{t('photos.count', { count, max: Limits.photosPerProfile })}</StyledCount>
      <StyledGrid>
        {selection.items.map((item, index) => {
          const main = item.key === selection.mainKey && !item.removed;
          const src = item.file ? previewOf(item.file) : `${item.url}?size=thumb`;
          const n = index + 1;
          return (
            <StyledTile key={item.key} $main={main} $removed={item.removed}>
              <img src={src} alt={t(main ? 'photos.altMain' : item.removed ? 'photos.altRemoved' : 'photos.alt', { n })} />
              {main && <StyledPhotoBadge>{t('photos.main')}</StyledPhotoBadge>}
              {item.removed && <StyledPhotoBadge $tone="danger">{t('photos.removed')}</StyledPhotoBadge>}
              <StyledTileActions>
                <StyledIconButton
                  aria-label={t('photos.setMain', { n })}
                  aria-pressed={main}
                  disabled={disabled || item.removed || main}
                  onClick={() => onChange(setMain(selection, item.key))}
                >
                  {main ? '★' : '☆'}
                </StyledIconButton>
                <StyledIconButton
                  aria-label={t(item.removed ? 'photos.restore' : 'photos.remove', { n })}
                  disabled={disabled}
                  onClick={() => {
                    const r = toggleRemoved(selection, item.key);
                    if (r.tooMany) tooManyToast();
                    else onChange(r.selection);
                  }}
                >
                  {item.removed ? '↺' : '✕'}
                </StyledIconButton>
              </StyledTileActions>
            </StyledTile>
          );
        })}
        {!full && (
          <li>
            <StyledAdd htmlFor={inputId}>
              <span className="plus" aria-hidden>
                +
              </span>
              {t('photos.add')}
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                disabled={disabled}
                aria-label={t('photos.add')}
                onChange={(e) => void onPick(e)}
              />
            </StyledAdd>
          </li>
        )}
      </StyledGrid>
      <StyledHint>{t('photos.hint', { max: Limits.photosPerProfile })}</StyledHint>
      {error && (
        <StyledError role="alert" id={errorId}>
          <StyledErrorText>{error}</StyledErrorText>
        </StyledError>
      )}
    </div>
  );
}

const StyledErrorText = styled.span`
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;
