import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { courseLevels, type CourseSource } from '../../../../contracts/classroom.ts';
import { levelLabels } from '../../../lib/course-labels.ts';
import { ListField, NumberField } from './fields.tsx';

/** The course's description: title, summary, level, hours, topics, instructors, cover and courses to take first. */
export function CourseDetailsForm({
  course,
  onChange,
}: {
  course: CourseSource;
  onChange: (course: CourseSource) => void;
}) {
  const set = (changes: Partial<CourseSource>) => onChange({ ...course, ...changes });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="h5" sx={{ mb: 1 }}>
        Course details
      </Typography>
      <TextField
        label="Title"
        value={course.title}
        onChange={(event) => set({ title: event.target.value })}
        required
      />
      <TextField
        label="Summary"
        value={course.summary}
        onChange={(event) => set({ summary: event.target.value })}
        required
        multiline
        minRows={2}
        helperText="One or two sentences for the catalogue."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label="Level"
          value={course.level}
          onChange={(event) => set({ level: event.target.value as CourseSource['level'] })}
        >
          {courseLevels.map((level) => (
            <MenuItem key={level} value={level}>
              {levelLabels[level]}
            </MenuItem>
          ))}
        </TextField>
        <NumberField
          label="Estimated hours"
          value={course.estimatedHours}
          onChange={(estimatedHours) => set({ estimatedHours })}
          required
        />
      </Box>
      <ListField
        label="Topics"
        value={course.topics}
        onChange={(topics) => set({ topics })}
        helperText="Comma-separated, lowercase with hyphens: machine-learning, statistics"
      />
      <ListField
        label="Instructors"
        value={course.instructors}
        onChange={(instructors) => set({ instructors })}
        clean={(handle) => handle.replace(/^@/, '')}
        helperText="Handles, comma-separated: @nadia_r, @omar"
      />
      <TextField
        label="Cover image URL (optional)"
        value={course.cover ?? ''}
        // Cleared, the course has no cover: the key goes rather than an empty address the contract refuses.
        onChange={(event) => set({ cover: event.target.value.trim() || undefined })}
        type="url"
        helperText="An https:// address of a picture for the catalogue and the course page."
      />
      <ListField
        label="Recommended first (optional)"
        value={course.recommendedBefore ?? []}
        onChange={(slugs) => set({ recommendedBefore: slugs.length > 0 ? slugs : undefined })}
        helperText="Addresses of published courses to take before this one, comma-separated: linear-algebra"
      />
    </Box>
  );
}
