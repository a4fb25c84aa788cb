import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { CourseDraftContent } from '../../../../contracts/classroom-authoring.ts';
import { addLesson, addModule, moveLesson, removeLesson, removeModule, renameModule } from './draft-edits.ts';

const target = { width: 44, height: 44 } as const;

/**
 * The course's outline: its modules, each with a title and its lessons in order. Lessons move up and down,
 * across into the next module at an edge; the chosen lesson opens in the lesson form below.
 */
export function ModuleList({
  content,
  selected,
  onChange,
  onSelect,
}: {
  content: CourseDraftContent;
  /** The slug of the lesson open in the lesson form. */
  selected: string | null;
  onChange: (content: CourseDraftContent) => void;
  onSelect: (slug: string) => void;
}) {
  const titleOf = (slug: string) =>
    content.lessons.find((lesson) => lesson.source.slug === slug)?.source.title ?? slug;
  const modules = content.course.modules;
  const lastLesson = content.lessons.length < 2;
  // Lessons are numbered through the course, as learners see them.
  const firstOf = modules.map((_, index) =>
    modules.slice(0, index).reduce((sum, m) => sum + m.lessons.length, 0),
  );
  return (
    <Box component="section" aria-labelledby="editor-modules" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="editor-modules" variant="h5" component="h2">
        Modules and lessons
      </Typography>
      {modules.map((module, index) => (
        <Paper key={index} component="fieldset" variant="outlined" sx={{ p: 2, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ px: 0.5, fontWeight: 600 }}>
            Module {index + 1}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={`Module ${index + 1} title`}
              value={module.title}
              onChange={(event) => onChange(renameModule(content, index, event.target.value))}
              size="small"
              sx={{ flex: 1 }}
            />
            <IconButton
              aria-label={`Remove module ${index + 1}; its lessons join the module ${index === 0 ? 'after' : 'before'} it`}
              disabled={modules.length < 2}
              onClick={() => onChange(removeModule(content, index))}
              sx={target}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
          <Box
            component="ol"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
            aria-label={`Lessons of module ${index + 1}`}
          >
            {module.lessons.map((slug, at) => {
              const number = (firstOf[index] ?? 0) + at + 1;
              const title = titleOf(slug);
              return (
                <Box
                  component="li"
                  key={slug}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    flexWrap: 'wrap',
                    py: 0.5,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Button
                    onClick={() => onSelect(slug)}
                    aria-current={selected === slug ? 'true' : undefined}
                    variant={selected === slug ? 'contained' : 'text'}
                    sx={{
                      flex: '1 1 12rem',
                      justifyContent: 'flex-start',
                      textAlign: 'left',
                      minHeight: 44,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {number}. {title}
                  </Button>
                  <IconButton
                    aria-label={`Move “${title}” up`}
                    onClick={() => onChange(moveLesson(content, slug, -1))}
                    sx={target}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Move “${title}” down`}
                    onClick={() => onChange(moveLesson(content, slug, 1))}
                    sx={target}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove lesson “${title}”`}
                    disabled={lastLesson}
                    onClick={() => onChange(removeLesson(content, slug))}
                    sx={target}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Box>
              );
            })}
          </Box>
          <Button onClick={() => onChange(addLesson(content, index))} sx={{ mt: 1, minHeight: 44 }}>
            Add a lesson to module {index + 1}
          </Button>
        </Paper>
      ))}
      <Box>
        <Button variant="outlined" onClick={() => onChange(addModule(content))} sx={{ minHeight: 44 }}>
          Add a module
        </Button>
      </Box>
    </Box>
  );
}
