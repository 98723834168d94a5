//! `--shard auto`: the shard a batch plays, read from the environment a cluster scheduler gives
//! each task of an array job.
//!
//! - **SLURM array jobs** (`sbatch --array=1-8`): `SLURM_ARRAY_TASK_ID` is the task's id,
//!   `SLURM_ARRAY_TASK_MIN` the array's first id and `SLURM_ARRAY_TASK_COUNT` how many tasks it
//!   has (or, without it, `SLURM_ARRAY_TASK_MAX`); the shard is `ID - MIN + 1` of the count. The
//!   array must be one unbroken run of ids (`--array=0-7` or `1-8`, no step and no gaps:
//!   `SLURM_ARRAY_TASK_STEP` other than 1 is refused), so that every shard is played once.
//! - **Kubernetes Indexed Jobs** (`completionMode: Indexed`): `JOB_COMPLETION_INDEX` is the
//!   task's index from 0; Kubernetes does not tell a pod how many completions its job has, so
//!   the manifest sets `ROADWRIGHT_SHARDS` to its `completions` (or `--shard auto/N` says it).
//!
//! `--shard auto/N` takes the index from either scheduler and the count from the command line.

use crate::sim::batch::Shard;

/// The shard `auto` (or `auto/N`, `count`) means in the environment `get` reads.
pub fn shard_from(
    get: &dyn Fn(&str) -> Option<String>,
    count: Option<usize>,
) -> Result<Shard, String> {
    let number = |name: &str| -> Result<Option<usize>, String> {
        get(name)
            .map(|text| {
                text.trim()
                    .parse::<usize>()
                    .map_err(|_| format!("{name}={} is not a number", shown(&text)))
            })
            .transpose()
    };
    if get("SLURM_ARRAY_TASK_ID").is_some() && get("JOB_COMPLETION_INDEX").is_some() {
        // Which scheduler runs the task is not for the program to guess: a wrong guess plays
        // another shard than the one the job meant, and the merge then misses one.
        return Err(
            "--shard auto finds both SLURM_ARRAY_TASK_ID (a SLURM array job) and \
             JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) set: unset the one that does not \
             belong to this job, or write --shard I/N"
                .to_owned(),
        );
    }
    // The shard, the count, and the variables each was read from (for a message that names
    // them).
    let (index, index_from, found) = if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
        if let Some(step) = number("SLURM_ARRAY_TASK_STEP")?
            && step != 1
        {
            return Err(format!(
                "SLURM_ARRAY_TASK_STEP={step}: --shard auto needs an array of consecutive ids \
                 (--array=1-N)"
            ));
        }
        // SLURM sets the first id of every array; without it the task's place in the array
        // is unknown (an array 1-4 read from 0 would play shard 2 in task 1).
        let min = number("SLURM_ARRAY_TASK_MIN")?.ok_or_else(|| {
            format!(
                "SLURM_ARRAY_TASK_ID={id} is set but SLURM_ARRAY_TASK_MIN is not: --shard auto \
                 cannot tell which task of the array this is; write --shard I/N"
            )
        })?;
        let tasks = match number("SLURM_ARRAY_TASK_COUNT")? {
            Some(tasks) => Some((tasks, format!("SLURM_ARRAY_TASK_COUNT={tasks}"))),
            None => number("SLURM_ARRAY_TASK_MAX")?.map(|max| {
                (
                    max.saturating_add(1).saturating_sub(min),
                    format!("SLURM_ARRAY_TASK_MIN={min} and SLURM_ARRAY_TASK_MAX={max}"),
                )
            }),
        };
        let index = id.checked_sub(min).ok_or_else(|| {
            format!("SLURM_ARRAY_TASK_ID={id} is below SLURM_ARRAY_TASK_MIN={min}")
        })?;
        let said = format!("SLURM_ARRAY_TASK_ID={id} and SLURM_ARRAY_TASK_MIN={min}");
        (index.saturating_add(1), said, tasks)
    } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
        let shards = number("ROADWRIGHT_SHARDS")?.map(|n| (n, format!("ROADWRIGHT_SHARDS={n}")));
        (
            index.saturating_add(1),
            format!("JOB_COMPLETION_INDEX={index}"),
            shards,
        )
    } else {
        return Err(
            "--shard auto finds no array task in the environment: neither SLURM_ARRAY_TASK_ID \
             (a SLURM array job) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"
                .to_owned(),
        );
    };
    let (count, count_from) = match (count, found) {
        (Some(n), _) => (n, format!("--shard auto/{n}")),
        (None, Some(found)) => found,
        (None, None) => {
            return Err(
                "--shard auto: the environment does not say how many shards there are: set \
                 ROADWRIGHT_SHARDS to the job's completions, or write --shard auto/N"
                    .to_owned(),
            );
        }
    };
    if index == 0 || index > count {
        return Err(format!(
            "--shard auto: {index_from} make this task {index}, but {count_from} make the batch \
             {count} shards: a task is one of 1 to {count}"
        ));
    }
    Ok(Shard { index, count })
}

/// A value from the environment as an error message shows it: a long one is cut (a
/// variable may hold anything, and a message is one line).
fn shown(text: &str) -> String {
    const MOST: usize = 40;
    if text.chars().count() <= MOST {
        return text.to_owned();
    }
    let start: String = text.chars().take(MOST).collect();
    format!("{start}... ({} bytes)", text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + use<> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    #[test]
    fn a_slurm_array_task_is_its_shard_whether_ids_start_at_0_or_1() {
        let from_one = env(&[
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(
            shard_from(&from_one, None),
            Ok(Shard { index: 3, count: 4 })
        );
        let from_zero = env(&[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "7"),
        ]);
        assert_eq!(
            shard_from(&from_zero, None),
            Ok(Shard { index: 1, count: 8 })
        );
        let stepped = env(&[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert!(shard_from(&stepped, None).is_err());
    }

    #[test]
    fn a_kubernetes_index_needs_the_count_from_the_manifest_or_the_command() {
        let indexed = env(&[("JOB_COMPLETION_INDEX", "0")]);
        let error = shard_from(&indexed, None).expect_err("no count");
        assert!(error.contains("ROADWRIGHT_SHARDS"), "{error}");
        assert_eq!(
            shard_from(&indexed, Some(5)),
            Ok(Shard { index: 1, count: 5 })
        );
        let counted = env(&[("JOB_COMPLETION_INDEX", "4"), ("ROADWRIGHT_SHARDS", "5")]);
        assert_eq!(shard_from(&counted, None), Ok(Shard { index: 5, count: 5 }));
        let beyond = env(&[("JOB_COMPLETION_INDEX", "5"), ("ROADWRIGHT_SHARDS", "5")]);
        assert!(shard_from(&beyond, None).is_err());
        assert!(shard_from(&env(&[]), None).is_err(), "no scheduler");
    }

    #[test]
    fn a_hostile_environment_is_refused_not_guessed() {
        // Task 1 of an array 1-4 without its first id: reading the first id as 0 played
        // shard 2 here.
        let no_min = env(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        let error = shard_from(&no_min, None).expect_err("refused");
        assert!(error.contains("SLURM_ARRAY_TASK_MIN is not"), "{error}");
        // Both schedulers' variables: neither is picked silently.
        let both = env(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("JOB_COMPLETION_INDEX", "2"),
        ]);
        let error = shard_from(&both, None).expect_err("refused");
        assert!(error.contains("both"), "{error}");
        // A huge value is named, not echoed whole; a value that was not UTF-8 (kept lossily by
        // the caller) is not a number.
        let huge = "9".repeat(100_000) + "x";
        let long = env(&[("SLURM_ARRAY_TASK_ID", huge.as_str())]);
        let error = shard_from(&long, None).expect_err("refused");
        assert!(error.len() < 200, "{} bytes", error.len());
        assert!(error.contains("SLURM_ARRAY_TASK_ID=") && error.contains("100001 bytes"));
        let lossy = env(&[
            ("SLURM_ARRAY_TASK_MIN", "\u{FFFD}"),
            ("SLURM_ARRAY_TASK_ID", "1"),
        ]);
        let error = shard_from(&lossy, None).expect_err("refused");
        assert!(error.contains("SLURM_ARRAY_TASK_MIN=") && error.contains("not a number"));
    }

    #[test]
    fn a_task_outside_its_array_is_named_by_the_variables_that_say_so() {
        let past = env(&[
            ("SLURM_ARRAY_TASK_ID", "9"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "4"),
        ]);
        let error = shard_from(&past, None).expect_err("refused");
        assert!(
            error.contains("SLURM_ARRAY_TASK_ID=9")
                && error.contains("SLURM_ARRAY_TASK_MAX=4")
                && error.contains("task 9"),
            "{error}"
        );
        // The largest index the variable can hold: no overflow, a named refusal.
        let huge = env(&[
            ("JOB_COMPLETION_INDEX", "18446744073709551615"),
            ("ROADWRIGHT_SHARDS", "4"),
        ]);
        let error = shard_from(&huge, None).expect_err("refused");
        assert!(
            error.contains("JOB_COMPLETION_INDEX=") && error.contains("ROADWRIGHT_SHARDS=4"),
            "{error}"
        );
    }
}
