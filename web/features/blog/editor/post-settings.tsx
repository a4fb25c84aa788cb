import { memo, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { blogLimits, blogSlugSchema, type PostContent } from '../../../../contracts/blog.ts';
import { readingMinutes } from '../../../../contracts/blog-text.ts';
import { CoverImage } from '../../../components/image-upload/cover-image.tsx';
import { useImageUploads } from '../../../components/image-upload/image-uploads.tsx';
import { TagsInput } from '../../../components/tags-input.tsx';
import { blogFacetsQuery } from './api.ts';
import type { FieldErrors } from './field-errors.ts';

/** What is wrong with a slug as the person types it, or null; an empty slug is left for later. */
export function slugProblem(slug: string): string | null {
  if (slug === '') return null;
  const result = blogSlugSchema.safeParse(slug);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This address cannot be used.');
}

function counter(length: number, max: number): string {
  return `${length} / ${max}`;
}

/**
 * The post's details beside the text: its address (slug), excerpt and search description with counters,
 * cover image and its alt text, tags, series (suggested from the series in use) and the reading time.
 */
export const PostSettings = memo(function PostSettings({
  content,
  errors,
  onChange,
}: {
  content: PostContent;
  errors: FieldErrors;
  onChange: (changes: Partial<PostContent>) => void;
}) {
  const id = useId();
  const uploads = useImageUploads();
  const facets = useQuery(blogFacetsQuery());
  const seriesOptions = (facets.data?.series ?? []).map((series) => series.title);
  const slugError = errors.slug ?? slugProblem(content.slug);
  const minutes = readingMinutes(content.body);
  const over = (length: number, max: number) => length > max;

  return (
    <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary">
        {minutes} min read
      </Typography>
      <TextField
        id={`${id}-slug`}
        label="Address"
        value={content.slug}
        onChange={(event) => onChange({ slug: event.target.value })}
        error={Boolean(slugError)}
        helperText={slugError ?? `Read at /blog/${content.slug || '…'}`}
        slotProps={{
          htmlInput: { maxLength: blogLimits.slug.max, spellCheck: false, autoCapitalize: 'none' },
        }}
        fullWidth
      />
      <TextField
        id={`${id}-excerpt`}
        label="Excerpt"
        value={content.excerpt}
        onChange={(event) => onChange({ excerpt: event.target.value })}
        multiline
        minRows={2}
        error={Boolean(errors.excerpt) || over(content.excerpt.length, blogLimits.excerpt.max)}
        helperText={
          errors.excerpt ??
          `Shown in the list of posts. ${counter(content.excerpt.length, blogLimits.excerpt.max)}`
        }
        fullWidth
      />
      <TextField
        id={`${id}-seo`}
        label="Search description"
        value={content.seoDescription}
        onChange={(event) => onChange({ seoDescription: event.target.value })}
        multiline
        minRows={2}
        error={
          Boolean(errors.seoDescription) || over(content.seoDescription.length, blogLimits.seoDescription.max)
        }
        helperText={
          errors.seoDescription ??
          `For search engines and link previews. ${counter(content.seoDescription.length, blogLimits.seoDescription.max)}`
        }
        fullWidth
      />
      <Box sx={{ '& > section': { mt: 0 } }}>
        <CoverImage
          coverURL={content.coverURL}
          onChange={(coverURL) => onChange({ coverURL })}
          upload={uploads.start}
          uploads={uploads.uploads}
          error={errors.coverURL}
          alt={content.coverAlt || 'The cover image'}
        />
      </Box>
      <TextField
        id={`${id}-alt`}
        label="Cover alt text"
        value={content.coverAlt}
        onChange={(event) => onChange({ coverAlt: event.target.value })}
        error={Boolean(errors.coverAlt) || over(content.coverAlt.length, blogLimits.coverAlt.max)}
        helperText={
          errors.coverAlt ??
          `What the image shows, for people who cannot see it. ${counter(content.coverAlt.length, blogLimits.coverAlt.max)}`
        }
        fullWidth
      />
      <TagsInput
        id={`${id}-tags`}
        tags={content.tags}
        onChange={(tags) => onChange({ tags })}
        max={blogLimits.tags.max}
        tooMany={`A post can have at most ${blogLimits.tags.max} tags.`}
        hint={`Up to ${blogLimits.tags.max}; press Enter or a comma after each.`}
        error={errors.tags}
      />
      <Autocomplete
        freeSolo
        id={`${id}-series`}
        options={seriesOptions}
        inputValue={content.seriesTitle ?? ''}
        onInputChange={(_event, value) => onChange({ seriesTitle: value === '' ? null : value })}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Series"
            error={Boolean(errors.seriesTitle)}
            helperText={errors.seriesTitle ?? 'Posts with the same series are linked in order.'}
          />
        )}
      />
    </Box>
  );
});
