import type { Difficulty, Localized, Ratio } from '@studio/contracts/constants';
import { imageSlug, type Attribution, type DrawnFace, type ImageDto, type ImageTag, type ImageType } from '@studio/contracts/images';
import type { ImageRow } from './images.repository';
import { parseFiles, type FileUrls } from './image-files';
import { parseLocalized } from '../../db/localized';

const parseOptional = (json: string | null): Localized | null => (json ? parseLocalized(json) : null);

export function toImageDto(row: ImageRow, urls: FileUrls, tags: ImageTag[] = []): ImageDto {
  const files = parseFiles(row.files);
  const isPublic = row.is_public === 1;
  const url = (key: string) => urls.url(key, isPublic && row.is_online === 1, Date.now(), row.files_version ?? null);
  const title = parseLocalized(row.title);
  return {
    id: row.id,
    slug: imageSlug(title.en, row.id),
    title,
    description: parseLocalized(row.description),
    prompt: parseLocalized(row.prompt),
    // Never the uploaded photo: that is only for its owner, through GET /api/images/:id/original.
    defaultUrl: url(files.page),
    colorUrl: files.color ? url(files.color) : null,
    coloringUrl: url(files.page),
    thumbnailUrl: url(files.thumb600),
    smallThumbnailUrl: url(files.thumb320),
    colorThumbnailUrl: files.colorThumb600 ? url(files.colorThumb600) : null,
    tags,
    additionalInfo: parseOptional(row.additional_info),
    attribution: row.attribution ? (JSON.parse(row.attribution) as Attribution) : null,
    categoryId: row.category_id,
    type: row.type as ImageType | 'library',
    ratio: row.ratio as Ratio,
    difficulty: row.difficulty as Difficulty,
    dimensions: { width: Number(row.width), height: Number(row.height) },
    userId: row.user_id,
    isPublic,
    isOnline: row.is_online === 1,
    createdAt: row.created_at,
    hotness: Number(row.hotness),
    ...(row.faces ? { faces: JSON.parse(row.faces) as DrawnFace[] } : {}),
  };
}
