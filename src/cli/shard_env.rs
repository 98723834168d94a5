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
                    .map_err(|_| format!("{name}={text} is not a number"))
            })
            .transpose()
    };
    let (index, found) = if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
        if let Some(step) = number("SLURM_ARRAY_TASK_STEP")?
            && step != 1
        {
            return Err(format!(
                "SLURM_ARRAY_TASK_STEP={step}: --shard auto needs an array of consecutive ids \
                 (--array=1-N)"
            ));
        }
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let tasks = match number("SLURM_ARRAY_TASK_COUNT")? {
            Some(tasks) => Some(tasks),
            None => number("SLURM_ARRAY_TASK_MAX")?.map(|max| max + 1 - min.min(max + 1)),
        };
        let index = id.checked_sub(min).ok_or_else(|| {
            format!("SLURM_ARRAY_TASK_ID={id} is below SLURM_ARRAY_TASK_MIN={min}")
        })?;
        (index + 1, tasks)
    } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
        (index + 1, number("ROADWRIGHT_SHARDS")?)
    } else {
        return Err(
            "--shard auto finds no array task in the environment: neither SLURM_ARRAY_TASK_ID \
             (a SLURM array job) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"
                .to_owned(),
        );
    };
    let count = count.or(found).ok_or_else(|| {
        "--shard auto: the environment does not say how many shards there are: set \
         ROADWRIGHT_SHARDS to the job's completions, or write --shard auto/N"
            .to_owned()
    })?;
    if index == 0 || index > count {
        return Err(format!(
            "--shard auto: task {index} of {count} is not a shard of the batch (I runs from 1 to N)"
        ));
    }
    Ok(Shard { index, count })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
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
}
