import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { passwordRules } from '../../contracts/auth.ts';
import type { PasswordRulesState } from '../lib/password-policy.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

interface PasswordRulesProps extends PasswordRulesState {
  id: string;
}

/**
 * The policy's rules under a new-password field, each ticked as soon as the password meets it. Met and unmet
 * differ in icon shape and in words, never in colour alone; a polite live summary tells screen-reader users
 * how far they are without reading the whole list after every key.
 */
export function PasswordRules({ id, policy, loading, failed, onRetry, password }: PasswordRulesProps) {
  if (!policy) {
    if (failed) {
      return (
        <Box id={id} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            The password rules could not be loaded. Your password is still checked when you continue.
          </Typography>
          <Button size="small" onClick={onRetry} sx={{ mt: 0.5 }}>
            Load the rules again
          </Button>
        </Box>
      );
    }
    return (
      <Box id={id} sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        {loading ? <CircularProgress size={16} aria-hidden="true" /> : null}
        <Typography variant="body2" color="text.secondary">
          Loading the password rules…
        </Typography>
      </Box>
    );
  }

  const rules = passwordRules(policy).map((rule) => ({ ...rule, met: rule.test(password) }));
  const metCount = rules.filter((rule) => rule.met).length;
  const summary =
    password === ''
      ? ''
      : metCount === rules.length
        ? 'Your password meets every rule.'
        : `Your password meets ${metCount} of ${rules.length} rules.`;

  return (
    <Box sx={{ mt: 1 }}>
      {/* A title without the word "password", so looking up the field by its label "Password" finds only it. */}
      <Typography id={`${id}-title`} variant="body2" sx={{ fontWeight: 600 }}>
        Requirements
      </Typography>
      <Box
        component="ul"
        id={id}
        aria-labelledby={`${id}-title`}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
      >
        {rules.map((rule) => (
          <Box
            component="li"
            key={rule.id}
            data-rule={rule.id}
            data-met={rule.met}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            {rule.met ? (
              <CheckCircleIcon fontSize="small" color="success" aria-hidden="true" />
            ) : (
              <RadioButtonUncheckedIcon
                fontSize="small"
                sx={{ color: 'text.secondary' }}
                aria-hidden="true"
              />
            )}
            <Typography variant="body2" component="span">
              {rule.label}
              <VisuallyHidden>{rule.met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        aria-live="polite"
        sx={{ mt: 0.5, minHeight: '1.5em' }}
      >
        {summary}
      </Typography>
    </Box>
  );
}

interface PasswordFieldProps {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Given for a new password: its rules are listed under the field and ticked while typing. */
  rules?: PasswordRulesState | undefined;
}

/** A password input with a show/hide switch and, for new passwords, the live list of the policy's rules. */
export function PasswordField({ label, autoComplete, registration, error, rules }: PasswordFieldProps) {
  const id = useId();
  const rulesId = `${id}-rules`;
  const [visible, setVisible] = useState(false);
  const { ref, ...field } = registration;
  // MUI describes the input by its helper text only; the rules describe it too.
  const describedBy = [error ? `${id}-helper-text` : null, rules ? rulesId : null].filter(Boolean).join(' ');

  return (
    <Box>
      <TextField
        id={id}
        label={label}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        required
        fullWidth
        inputRef={ref}
        {...field}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          input: {
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
            endAdornment: (
              <InputAdornment position="end">
                {/* Named by hidden text, not aria-label, so "Password" finds only the field by its label. */}
                <IconButton edge="end" aria-pressed={visible} onClick={() => setVisible((shown) => !shown)}>
                  {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  <VisuallyHidden>Show password</VisuallyHidden>
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {rules ? <PasswordRules id={rulesId} {...rules} /> : null}
    </Box>
  );
}
